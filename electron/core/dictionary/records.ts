/** What the parsers hand to the store: one JMdict entry or one KANJIDIC character. */
import type { DictionarySense, KanjiCard } from '../../../shared/contract/dictionary';

export interface WordForm {
  text: string;
  /** Sorting score from its priority tags (./priority.ts). */
  score: number;
}

export interface WordRecord {
  /** Absent for EDICT lines without an EntL number: the store numbers them. */
  id?: number;
  kanji: WordForm[];
  readings: WordForm[];
  common: boolean;
  senses: DictionarySense[];
}

export type KanjiRecord = KanjiCard;

export type DictionaryKind = 'words' | 'kanji';

/** The parsers' output: called for each record as it is read. */
export interface RecordSink {
  /** Called once, as soon as the file is known to be a word list or a kanji list. */
  kind(kind: DictionaryKind): void;
  /** The edition date, when the file states one. */
  edition(date: string): void;
  word(w: WordRecord): void;
  kanji(k: KanjiRecord): void;
}
