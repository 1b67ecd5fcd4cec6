/**
 * Which candidate words are words, and their keys: the one rule for every import from outside
 * (a word list's lines, an Anki field's word). A candidate is a word as written, with the
 * reading its source gave, if any. It is a word when it is Japanese, short, without spaces, and
 * the dictionary or the analyzer knows it as one word (listWordCheck.ts): a run of random kanji,
 * a sentence or made-up katakana is not, and is reported rather than stored.
 */
import { JAPANESE_CHAR } from '../../../shared/japaneseScript';
import type { WordKey } from '../../../shared/words';
import { toHiraganaReading } from '../analyzer/reading';
import type { WordIdentity } from '../words/wordIdentity';
import type { ListWordCheck } from './listWordCheck';

export const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+$/u;
/** A candidate that long is no word (a paragraph pasted by mistake). */
const WORD_MAX = 100;

export interface WordCandidate {
  /** As written (NFC). */
  term: string;
  /** In kana, as the source gave it. */
  reading?: string;
}

/** Each candidate's key, or null when it is no word; in the order given. */
export async function recognizeWords(
  candidates: readonly WordCandidate[],
  identity: Pick<WordIdentity, 'wordShapes' | 'normalise'>,
  isWord: ListWordCheck,
  signal?: AbortSignal,
): Promise<Array<WordKey | null>> {
  const out: Array<WordKey | null> = candidates.map(() => null);
  const written: number[] = [];
  const given: number[] = [];
  candidates.forEach((c, i) => {
    if (c.term === '' || c.term.length > WORD_MAX || !JAPANESE_CHAR.test(c.term) || /\s/u.test(c.term)) return;
    if (c.reading === undefined) written.push(i);
    else if (KANA.test(c.reading)) given.push(i);
  });
  if (written.length > 0) {
    const shapes = await identity.wordShapes(written.map((i) => candidates[i]!.term), signal);
    written.forEach((i, n) => {
      const shape = shapes[n];
      if (shape && isWord(candidates[i]!.term, shape)) out[i] = shape.key;
    });
  }
  if (given.length > 0) {
    const shapes = await identity.wordShapes(given.map((i) => candidates[i]!.term), signal);
    given.forEach((i, n) => {
      const { term, reading } = candidates[i]!;
      const key = identity.normalise({ term: KANA.test(term) ? toHiraganaReading(term) : term, reading: toHiraganaReading(reading!) });
      const shape = shapes[n];
      // The analyzer's reading may differ from the one given (a rarer reading): the dictionary or the analyzer must know the written word, read either way.
      if (isWord(term, { key, single: false }) || (shape && isWord(term, shape))) out[i] = key;
    });
  }
  return out;
}
