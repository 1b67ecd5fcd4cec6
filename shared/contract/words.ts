/**
 * Word knowledge: the learner's status of each word (`new`, `learning`, `known`, `ignored`),
 * by dictionary form and reading in hiragana, with where it came from. `words.setStatus`,
 * `words.status`, `words.importList` and `words.importAnki` are fixed names that
 * tests and users rely on; the `…Detailed` imports are the same with the report the UI shows
 * (conflicts with words marked by hand, which an import never overwrites unless told to).
 */
import { z } from 'zod';
import { WORD_STATUSES, WORD_STATUS_SOURCES, type WordKey, type WordStatus, type WordStatusSource } from '../words';
import { call, type, type AnyDef } from './define';

export interface WordStatusEntry extends WordKey {
  status: WordStatus;
  /** Null for a word never seen. */
  source: WordStatusSource | null;
}

export interface StoredWord extends WordStatusEntry {
  source: WordStatusSource;
  /** ISO 8601. */
  changedAt: string;
}

/** A word marked by hand whose status an import would have changed: left as it is. */
export interface WordConflict extends WordKey {
  status: WordStatus;
  wanted: WordStatus;
}

export interface ListImportReport {
  /** Words whose status changed. */
  added: number;
  /** Lines that are no Japanese word, as given (blank lines are not reported). */
  unrecognized: string[];
  /** Words already so. */
  unchanged: number;
  conflicts: WordConflict[];
}

export interface AnkiImportReport {
  /** Words known or learning after the import (a word is counted once). */
  known: number;
  learning: number;
  /** Notes not imported: suspended (when so chosen), or a field that holds no word. */
  skipped: number;
  /** Notes the search matched. */
  notes: number;
  /** Words whose status changed. */
  updated: number;
  /** The field's text of notes that hold no word (at most 200). */
  unrecognized: string[];
  /** How many notes hold no word (random kanji, a sentence, made-up katakana: the word list's check); counted in `skipped`. */
  notWords: number;
  conflicts: WordConflict[];
}

export interface WordListPage {
  words: StoredWord[];
  total: number;
  /** Stored words per status (over the whole store, not the filter). */
  counts: Record<WordStatus, number>;
}

export interface WordsExport {
  filename: string;
  mime: string;
  text: string;
}

/** What an import of an Anki search is doing: pushed as `words.importProgress`. */
export interface WordImportProgress {
  kind: 'anki' | 'list';
  phase: 'searching' | 'reading' | 'saving' | 'done';
  done: number;
  total: number;
}

/** What suspended Anki cards count as: left out, or learning like any other card. */
export const SUSPENDED_CHOICES = ['skip', 'learning', 'known'] as const;
export type SuspendedChoice = (typeof SUSPENDED_CHOICES)[number];

/** Longest term and reading the store takes. */
export const WORD_TERM_MAX = 100;
/** Most words one call sets or asks about. */
export const WORDS_PER_CALL = 100_000;
/** Largest word list pasted or opened (characters). */
export const WORD_LIST_MAX_CHARS = 20_000_000;

const Key = z.object({ term: z.string().trim().min(1).max(WORD_TERM_MAX), reading: z.string().trim().min(1).max(WORD_TERM_MAX) });
const Status = z.enum(WORD_STATUSES);

const ListImportArgs = z.object({
  text: z.string().max(WORD_LIST_MAX_CHARS),
  status: z.enum(['known', 'learning']),
  /** Replace statuses marked by hand (after asking the learner). */
  overwriteMarks: z.boolean().optional(),
});
const AnkiImportArgs = z.object({
  query: z.string().trim().min(1).max(2_000),
  field: z.string().trim().min(1).max(200),
  knownAfterDays: z.number().int().min(1).max(36_500).optional(),
  suspended: z.enum(SUSPENDED_CHOICES).optional(),
  overwriteMarks: z.boolean().optional(),
});

export const wordsMethods = {
  /** Statuses set by the learner (source `mark`). */
  'words.setStatus': call({ args: z.tuple([z.array(Key.extend({ status: Status })).max(WORDS_PER_CALL)]), result: type<{ updated: number }>() }),
  /** Each word's status and source, same order; a word never seen is `new` with source null. */
  'words.status': call({ args: z.tuple([z.array(Key).max(WORDS_PER_CALL)]), result: type<WordStatusEntry[]>() }),
  /** One word a line, `term` or `term<TAB>reading`; words marked by hand are left as they are unless `overwriteMarks`. */
  'words.importList': call({ args: z.tuple([ListImportArgs]), result: type<{ added: number; unrecognized: string[] }>() }),
  'words.importListDetailed': call({ args: z.tuple([ListImportArgs]), result: type<ListImportReport>() }),
  /**
   * The words of the notes an Anki search matches, through AnkiConnect: a card whose interval
   * reaches `knownAfterDays` (default 21) makes its word known, any other learning. Fails with
   * `anki_unavailable` (Anki not running, or gone mid-import: nothing is saved), `anki_no_notes`,
   * `anki_no_field`.
   */
  'words.importAnki': call({ args: z.tuple([AnkiImportArgs]), result: type<{ known: number; learning: number; skipped: number }>() }),
  'words.importAnkiDetailed': call({ args: z.tuple([AnkiImportArgs]), result: type<AnkiImportReport>() }),
  /** The field names of the notes an Anki search matches, with how many cards it matches. */
  'words.ankiFields': call({ args: z.tuple([z.object({ query: z.string().trim().min(1).max(2_000) })]), result: type<{ cards: number; fields: string[] }>() }),
  /** Every stored word whose status is not `new`, compactly: the renderer's copy, for marking words on screen without asking per word. */
  'words.statusMap': call({ args: z.tuple([]), result: type<{ words: Array<[term: string, reading: string, status: WordStatus]> }>() }),
  /** The stored words, most recently changed first. */
  'words.list': call({
    args: z.tuple([
      z
        .object({
          status: Status.optional(),
          source: z.enum(WORD_STATUS_SOURCES).optional(),
          query: z.string().max(200).optional(),
          limit: z.number().int().min(1).max(1_000).default(200),
          offset: z.number().int().min(0).default(0),
        })
        .default({ limit: 200, offset: 0 }),
    ]),
    result: type<WordListPage>(),
  }),
  /** The whole store as CSV (term, reading, status, source, changed) or as a plain list (`term<TAB>reading`). */
  'words.export': call({ args: z.tuple([z.object({ format: z.enum(['csv', 'list']), status: Status.optional() })]), result: type<WordsExport>() }),
  /** The key of a word as written (食べた → 食べる/たべる), in its sentence when given; null when it is no Japanese word. */
  'words.keyOf': call({
    args: z.tuple([z.object({ word: z.string().trim().min(1).max(WORD_TERM_MAX), sentence: z.string().max(5_000).optional(), offset: z.number().int().min(0).optional() })]),
    result: type<WordKey | null>(),
  }),
} satisfies Record<string, AnyDef>;

/** Pushed when statuses change (a mark, an import, a review): every view repaints those words. */
export interface WordsChanged {
  changed: Array<WordKey & { status: WordStatus }>;
}
