/**
 * Coverage: how much of a text or book the learner already knows. Which words count and how
 * the figures are computed is fixed (README → Coverage), so a figure means the same everywhere.
 */
import { z } from 'zod';
import { call, type, type AnyDef } from './define';
import type { CardSource } from './review';

/** A word of the coverage lists: its key and how often it occurs; JLPT level and frequency rank when the dictionary knows them. */
export interface CoverageWord {
  term: string;
  reading: string;
  count: number;
  /** JLPT level, 5 (N5, easiest) .. 1 (N1). */
  jlpt?: number;
  /** Frequency rank in the dictionary's frequency list (1 = most frequent). */
  frequency?: number;
}

/** A sentence one unknown word away (i+1). */
export interface CoverageSentence {
  sentence: string;
  term: string;
  reading: string;
  /** A book's sentence: the book, chapter and paragraph it is in (the reader opens there; a card starred from it names it). */
  source?: CardSource;
}

export interface Coverage {
  /** Counted words (tokens) in the text. */
  tokens: number;
  /** Of those, the tokens whose word is `known` or `ignored`. */
  known: number;
  /** 100 × known / tokens. */
  percent: number;
  uniqueUnknown: number;
  /** Every unknown word, most frequent first. */
  unknown: CoverageWord[];
  /** The shortest most-frequent-first list whose learning lifts `percent` to at least 95 (empty when it is there already). */
  toReach95: CoverageWord[];
  /** Sentences with exactly one unknown counted word, in text order. */
  iPlusOne: CoverageSentence[];
}

/** A book being measured from scratch (tokenized whole): pushed as `coverage.progress`, in characters. */
export interface CoverageProgress {
  bookId: number;
  done: number;
  total: number;
}

/** Why coverage could not be computed, in `error.details.reason` (code `bad_request`). */
export const COVERAGE_FAILURES = ['no_japanese'] as const;
export type CoverageFailure = (typeof COVERAGE_FAILURES)[number];

/** The longest pasted text `coverage.text` takes. */
export const COVERAGE_TEXT_MAX = 200_000;

export const coverageMethods = {
  /** Coverage of a text (pasted, the reader's); computed offline. */
  'coverage.text': call({ args: z.tuple([z.object({ text: z.string().min(1).max(COVERAGE_TEXT_MAX) })]), result: type<Coverage>() }),
  /** Coverage of a whole book: cached per book and content, kept current as statuses change. */
  'coverage.book': call({ args: z.tuple([z.number().int().positive()]), result: type<Coverage>() }),
} satisfies Record<string, AnyDef>;
