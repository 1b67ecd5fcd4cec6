/**
 * The reader's own analysis of the word under the pointer: when the pointer is on a token's
 * first character, its dictionary form goes with the lookup and the core need not ask the
 * offline analyzer again (a round trip to its worker on every hover).
 */
import type { DictionaryFirstWord } from '../../../../shared/contract/dictionary';
import { JAPANESE_CHAR } from '../../../../shared/japaneseScript';
import { tokenIndexAt } from '../../reader/placedToken';
import { useReader } from '../../stores/readerStore';
import { firstText, textFrom, wordTexts, type PointedText } from './textAtPoint';

export const READER_TOKEN = '[data-testid="reading-view"] [data-s]';

/**
 * The reader's first word of the pointed text; null when the pointer is inside a word (no word
 * of the analysis starts there, and the analyzer has nothing to add); undefined off the reader.
 */
export function readerFirstWord(pointed: Pick<PointedText, 'node' | 'offset' | 'text'>): DictionaryFirstWord | null | undefined {
  const el = pointed.node.parentElement?.closest<HTMLElement>(READER_TOKEN);
  if (!el) return undefined;
  if (pointed.offset !== 0 || firstText(el) !== pointed.node) return null;
  return tokenFirstWord(el, pointed.text);
}

function tokenFirstWord(el: HTMLElement, text: string): DictionaryFirstWord | undefined {
  const start = Number(el.dataset.s);
  const tokens = useReader.getState().tokens;
  const token = tokens[tokenIndexAt(tokens, start)];
  // A word that is its own dictionary form is passed too: it tells the core there is nothing more to find.
  if (!token || token.start !== start || !token.lemma || !text.startsWith(token.word)) return undefined;
  return { word: token.word, lemma: token.lemma };
}

/** A lookup as a hover makes it: the text from a character on, with the reader's first word (null inside a word). */
export interface ReaderLookup {
  text: string;
  firstWord?: DictionaryFirstWord | null;
}

/**
 * Where a word's characters after its first are, given the word's texts in order (furigana
 * skipped): the index of each one's text and its offset there, in reading order; empty for a
 * one-character word.
 */
export function innerCharsOf(texts: readonly string[]): { index: number; offset: number }[] {
  const out: { index: number; offset: number }[] = [];
  let seen = 0;
  texts.forEach((text, index) => {
    for (let offset = 0; offset < text.length; offset++) if (seen++ > 0) out.push({ index, offset });
  });
  return out;
}

/**
 * The lookups a hover would make on the reader's words now on screen, at most `limit` of each
 * kind, in the order to ask them: from each word's first character, from each word's second
 * character, and from its later ones (a hover inside a word is rarer, and deeper inside rarer
 * still). Looked up ahead, a hover on any of them is drawn at once.
 */
export function readerWordsOnScreen(limit: number): [first: ReaderLookup[], second: ReaderLookup[], rest: ReaderLookup[]] {
  const lists: [ReaderLookup[], ReaderLookup[], ReaderLookup[]] = [[], [], []];
  const [first, second, rest] = lists;
  const seen = new Set<string>();
  const add = (list: ReaderLookup[], item: ReaderLookup) => {
    const key = `${item.text}\u0000${item.firstWord === null ? '\u0001' : (item.firstWord?.lemma ?? '')}`;
    if (seen.has(key) || list.length >= limit) return;
    seen.add(key);
    list.push(item);
  };
  for (const el of document.querySelectorAll<HTMLElement>(READER_TOKEN)) {
    if (lists.every((l) => l.length >= limit)) break;
    const r = el.getBoundingClientRect();
    if (r.bottom < 0 || r.top > window.innerHeight || r.width === 0) continue;
    const nodes = wordTexts(el);
    const node = nodes[0];
    const text = node && textFrom(node, 0);
    if (!text || !JAPANESE_CHAR.test(text.charAt(0))) continue;
    const firstWord = tokenFirstWord(el, text);
    add(first, { text, ...(firstWord ? { firstWord } : {}) });
    innerCharsOf(nodes.map((n) => n.data)).forEach((at, i) => {
      const inner = textFrom(nodes[at.index]!, at.offset);
      // Inside a word: no word of the analysis starts there, as readerFirstWord says for a hover.
      if (inner) add(i === 0 ? second : rest, { text: inner, firstWord: null });
    });
  }
  return lists;
}
