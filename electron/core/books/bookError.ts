import type { BookImportFailure } from '../../../shared/contract/books';
import { AppError } from '../../../shared/result';

/**
 * A refused import. `details.reason` names the failure for the UI, which says it
 * in the learner's language; the message is the English fallback.
 */
export function bookError(reason: BookImportFailure, message: string): AppError {
  const tooLarge = reason === 'too_large' || reason === 'nesting';
  return new AppError({
    code: tooLarge ? 'too_large' : 'bad_request',
    message,
    status: tooLarge ? 413 : 400,
    details: { reason },
  });
}
