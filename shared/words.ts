/**
 * Word identity and word knowledge, shared by cards, statuses, coverage and the dictionary
 * popup: a word is its dictionary form and that form's reading in hiragana.
 */

/** 食べさせられた → { term: '食べる', reading: 'たべる' }; ネコ → 猫/ねこ when the dictionary knows it, else ねこ/ねこ. */
export interface WordKey {
  term: string;
  reading: string;
}

export const WORD_STATUSES = ['new', 'learning', 'known', 'ignored'] as const;
export type WordStatus = (typeof WORD_STATUSES)[number];

/** Where a word's status came from: the learner's mark, a review card, an Anki import, a word list. */
export const WORD_STATUS_SOURCES = ['mark', 'review', 'anki', 'list'] as const;
export type WordStatusSource = (typeof WORD_STATUS_SOURCES)[number];

/** One string per word, for maps and sets (a tab cannot occur in either part). */
export function wordKeyId(key: WordKey): string {
  return `${key.term}\t${key.reading}`;
}

export function sameWord(a: WordKey | undefined, b: WordKey | undefined): boolean {
  return a !== undefined && b !== undefined && a.term === b.term && a.reading === b.reading;
}
