/**
 * The correction guard: a model's answer about a clicked word may correct the analyzer (its
 * reading, its part of speech) only when the model is talking about that word, i.e. its
 * headword is the clicked word as written or its dictionary form. Otherwise the answer is the
 * model's opinion: shown as such, the analyzer's reading kept, never saved to a card.
 */
import type { WordKey } from './words';

export interface ClickedWord {
  /** The word as written (泣いて). */
  word: string;
  /** The analyzer's dictionary form (泣く). */
  lemma?: string;
  /** The word's identity (泣く/なく). */
  key?: WordKey;
}

/** Katakana to hiragana, so ネコ and ねこ are one spelling; spaces and the long-vowel mark as given. */
const hiragana = (s: string) => s.trim().replace(/[\u30A1-\u30F6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

export function modelHeadwordMatches(clicked: ClickedWord, modelHeadword: string | undefined): boolean {
  const given = hiragana(modelHeadword ?? '');
  if (given === '') return false;
  const forms = [clicked.word, clicked.lemma, clicked.key?.term].filter((f): f is string => !!f && f.trim() !== '');
  return forms.some((f) => hiragana(f) === given);
}

export type ModelVerdict = 'correction' | 'opinion' | 'agrees';

/**
 * What the panel makes of a model answer's reading and part of speech for a clicked word:
 * `agrees` when neither differs from the analysis, `correction` when one differs and the model
 * speaks of the clicked word, `opinion` when one differs and the model's headword is another word.
 */
export function modelVerdict(clicked: ClickedWord, model: { dictionaryForm?: string }, differs: boolean): ModelVerdict {
  if (!differs) return 'agrees';
  return modelHeadwordMatches(clicked, model.dictionaryForm) ? 'correction' : 'opinion';
}
