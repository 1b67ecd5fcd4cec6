/** Domain types shared by core and renderer. */
import type { Locale } from './locales';
import type { WordKey } from './words';

/**
 * The app's part-of-speech set. The model is asked to use these names and the
 * offline analyzer maps its tags onto them, so colours and the legend are one set.
 */
export const POS_GROUPS = [
  'noun',
  'pronoun',
  'verb',
  'adjective',
  'adverb',
  'particle',
  'auxiliary',
  'conjunction',
  'interjection',
  'prefix',
  'suffix',
  'prenominal',
  'number',
  'symbol',
  'punctuation',
  'linebreak',
  'other',
] as const;
export type PosGroup = (typeof POS_GROUPS)[number];

/** A token of an analysis. `word` concatenated over all tokens rebuilds the source text exactly. */
export interface Token {
  word: string;
  pos: PosGroup;
  /** Reading in hiragana; empty when the token has none (punctuation, Latin text, symbols). */
  furigana: string;
  /** Dictionary form, when the analyzer knows it. */
  lemma?: string;
  /**
   * The word this token counts as (its dictionary form and that form's reading), set by the core
   * on the words coverage counts: content words, not particles, auxiliaries, dependent words,
   * suffixes, numerals, proper nouns or symbols (the `Coverage` rules). Never set by a model.
   */
  key?: WordKey;
  /**
   * The reading the analysis gave, when `furigana` is the learner's correction of the word
   * (readings.correct): a view shows it again once the correction is forgotten. Never stored.
   */
  uncorrected?: string;
}

export type TokenSource = 'offline' | 'model' | 'cache';

export const WORD_DETAIL_FIELDS = [
  'chineseTranslation',
  'dictionaryForm',
  'explanation',
  'conjugation',
  'example',
  'exampleTranslation',
  'pos',
  'furigana',
] as const;

export interface WordDetail {
  chineseTranslation: string;
  dictionaryForm: string;
  explanation: string;
  conjugation: string;
  example: string;
  exampleTranslation: string;
  pos: string;
  furigana: string;
}

export interface PhraseDetail extends WordDetail {
  category: string;
  breakdown: string;
}

export type Translations = Record<Locale, string>;

export interface DailySentence {
  date: string;
  text: string;
  tokens: Token[];
  translation: Translations;
  /** One of the built-in sentences (shared/backupSentences.ts), given when no model can make today's: no key yet. */
  builtIn?: true;
}

export interface AudioResult {
  audio: string;
  mimeType: string;
}
