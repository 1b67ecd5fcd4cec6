/**
 * Readings corrected by hand: the learner sets the reading of a word as written (毛 → け), and
 * every text that shows the word shows that reading (pasted text, books, the daily sentence,
 * history, review).
 */
import { z } from 'zod';
import { call, type, type AnyDef } from './define';

export interface ReadingCorrection {
  /** The word as written (the token's surface, 毛, 行っ). */
  word: string;
  /** In hiragana. */
  reading: string;
  /** ISO 8601. */
  updatedAt: string;
}

/** Longest word and reading a correction takes. */
export const CORRECTION_MAX_WORD = 40;
export const CORRECTION_MAX_READING = 80;

const Word = z.string().trim().min(1).max(CORRECTION_MAX_WORD);

export const readingsMethods = {
  /** Every correction, most recent first. */
  'readings.list': call({ args: z.tuple([]), result: type<ReadingCorrection[]>() }),
  /**
   * Sets the reading of a word as written. The word must have a kanji; the reading must be kana
   * (katakana is stored in hiragana). Replaces an earlier correction of the word.
   */
  'readings.correct': call({
    args: z.tuple([z.object({ word: Word, reading: z.string().trim().min(1).max(CORRECTION_MAX_READING) })]),
    result: type<ReadingCorrection>(),
  }),
  /** Forgets the correction of a word: the analyzer's reading (checked against the dictionary) shows again. */
  'readings.reset': call({ args: z.tuple([z.object({ word: Word })]), result: type<{ removed: boolean }>() }),
} satisfies Record<string, AnyDef>;
