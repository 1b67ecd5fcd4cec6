import type { Token } from '../../../shared/domain';

/**
 * The token as shown: with the learner's reading of its word (`byWord`, word as written →
 * reading), when there is one; with the analysis's again when the core gave it corrected and the
 * correction has been forgotten since.
 */
export function withReading<T extends Pick<Token, 'word' | 'furigana' | 'uncorrected'>>(t: T, byWord: Readonly<Record<string, string>>): T {
  const reading = byWord[t.word] ?? t.uncorrected;
  return reading === undefined || reading === t.furigana ? t : { ...t, furigana: reading };
}
