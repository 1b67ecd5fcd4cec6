/**
 * The reader's own analysis of the word under the pointer: when the pointer is on a token's
 * first character, its dictionary form goes with the lookup and the core need not ask the
 * offline analyzer again (a round trip to its worker on every hover).
 */
import type { DictionaryFirstWord } from '../../../../shared/contract/dictionary';
import { tokenIndexAt } from '../../reader/placedToken';
import { useReader } from '../../stores/readerStore';
import { firstText, textFrom, type PointedText } from './textAtPoint';

const READER_TOKEN = '[data-testid="reading-view"] [data-s]';

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

/**
 * The lookups a hover would make on the reader's words now on screen (from each word's first
 * character), at most `limit`: looked up ahead in one call, a hover on any of them is drawn at once.
 */
export function readerWordsOnScreen(limit: number): { text: string; firstWord?: DictionaryFirstWord }[] {
  const out: { text: string; firstWord?: DictionaryFirstWord }[] = [];
  const seen = new Set<string>();
  for (const el of document.querySelectorAll<HTMLElement>(READER_TOKEN)) {
    if (out.length >= limit) break;
    const r = el.getBoundingClientRect();
    if (r.bottom < 0 || r.top > window.innerHeight || r.width === 0) continue;
    const node = firstText(el);
    const text = node && textFrom(node, 0);
    if (!text || !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text.charAt(0))) continue;
    const firstWord = tokenFirstWord(el, text);
    const key = `${text}\u0000${firstWord?.lemma ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text, ...(firstWord ? { firstWord } : {}) });
  }
  return out;
}
