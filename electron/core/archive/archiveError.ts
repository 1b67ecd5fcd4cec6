import { AppError } from '../../../shared/result';

/**
 * Why an archive was refused: `damaged` (truncated, inconsistent, or an entry that does
 * not inflate to what it claims), `too_large` (past the caller's limits, or a bomb), or
 * `unsupported` (a compression method or encryption this reader does not handle).
 */
export type ArchiveProblem = 'damaged' | 'too_large' | 'unsupported';

/** A refused archive; callers turn it into their own reason (a book's `corrupt`, a dictionary's…). */
export class ArchiveError extends AppError {
  constructor(
    readonly problem: ArchiveProblem,
    message: string,
  ) {
    const tooLarge = problem === 'too_large';
    super({ code: tooLarge ? 'too_large' : 'bad_request', message, status: tooLarge ? 413 : 400, details: { archive: problem } });
  }
}

export const damaged = (why: string) => new ArchiveError('damaged', `The file is a damaged or truncated archive (${why}).`);
