/**
 * The reader's own analysis of the word under the pointer: when the pointer is on a token's
 * first character, its dictionary form goes with the lookup and the core need not ask the
 * offline analyzer again (a round trip to its worker on every hover).
 */
import type { DictionaryFirstWord } from '../../../../shared/contract/dictionary';
import { tokenIndexAt } from '../../reader/placedToken';
import { useReader } from '../../stores/readerStore';
import { firstText, type PointedText } from './textAtPoint';

export function readerFirstWord(pointed: PointedText): DictionaryFirstWord | undefined {
  const el = pointed.node.parentElement?.closest<HTMLElement>('[data-testid="reading-view"] [data-s]');
  if (!el || pointed.offset !== 0 || firstText(el) !== pointed.node) return undefined;
  const start = Number(el.dataset.s);
  const tokens = useReader.getState().tokens;
  const token = tokens[tokenIndexAt(tokens, start)];
  // A word that is its own dictionary form is passed too: it tells the core there is nothing more to find.
  if (!token || token.start !== start || !token.lemma || !pointed.text.startsWith(token.word)) return undefined;
  return { word: token.word, lemma: token.lemma };
}
