/**
 * What the app knows about a word beyond its meanings: pitch accent, the (unofficial) JLPT
 * level and a frequency. Out of the box from the shipped Kanjium accents and JLPT list, and
 * JMdict's priority tags; imported Yomitan dictionaries add their own `pitch` and `freq` data.
 * `core.dictionary.wordFacts({ term, reading })` answers it (cards, coverage, the popup).
 */

export type JlptLevel = 'N5' | 'N4' | 'N3' | 'N2' | 'N1';

export interface WordPitch {
  /** In hiragana or katakana, as the source has it. */
  reading: string;
  /** Downstep positions (mora counted from 1; 0 = heiban), most usual first. */
  downsteps: number[];
  /** Title of the dictionary it came from ("Kanjium"). */
  dictionary: string;
  /** Nasal (鼻濁音) and devoiced morae, 1-based, when the source marks them. */
  nasal?: number[];
  devoiced?: number[];
}

/** IPA transcriptions of one reading, from an imported dictionary's `ipa` rows. */
export interface WordIpa {
  reading: string;
  /** As the dictionary writes them ("ne̞ko̞"), most usual first. */
  transcriptions: string[];
  dictionary: string;
}

export interface WordFrequency {
  dictionary: string;
  /** Lower is more frequent for rank-based lists; JMdict's bands give an approximate rank. */
  value: number;
  /** The dictionary's own text for it ("N5", "12345㋕"), when it has one. */
  display?: string;
}

export interface WordFacts {
  pitches: WordPitch[];
  jlpt: JlptLevel | null;
  /** The first enabled frequency dictionary's, else JMdict's band; null when none knows the word. */
  frequency: WordFrequency | null;
}

export interface WordFactsQuery {
  /** The dictionary form as written (食べる), or kana. */
  term: string;
  /** Its reading in kana, when known: facts for other readings of the same spelling are left out. */
  reading?: string;
}

export const JLPT_LEVELS: readonly JlptLevel[] = ['N5', 'N4', 'N3', 'N2', 'N1'];

export function isJlptLevel(s: unknown): s is JlptLevel {
  return typeof s === 'string' && (JLPT_LEVELS as readonly string[]).includes(s);
}

/** The dictionary name the JMdict priority bands are given under. */
export const JMDICT_FREQUENCY = 'JMdict';
