/**
 * The sentence a pointed word lies in, on any text of the app (a book page, the reader, a
 * review card): the text of the word's block, furigana skipped, cut at sentence ends.
 */
import { sentenceAround } from '../../reader/sentences';
import { textWalker } from '../dictionary/textAtPoint';

/** The nearest ancestor laid out as a block (a token's spans and ruby are inline): the text the sentence is cut from. */
function blockOf(node: Text): Element | null {
  for (let el = node.parentElement; el; el = el.parentElement) {
    const display = getComputedStyle(el).display;
    if (!display.startsWith('inline') && !display.startsWith('ruby') && display !== 'contents') return el;
  }
  return null;
}

export function pointedSentence(node: Text, offset: number, word: string): { sentence: string; offset: number } {
  const block = blockOf(node);
  if (!block) return { sentence: word, offset: 0 };
  const walker = textWalker(block);
  let text = '';
  let at = -1;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n === node) at = text.length + offset;
    text += (n as Text).data;
  }
  if (at < 0) return { sentence: word, offset: 0 };
  const r = sentenceAround(text, at, at + word.length);
  const raw = text.slice(r.start, r.end);
  const lead = raw.length - raw.trimStart().length;
  const sentence = raw.trim();
  return sentence ? { sentence, offset: Math.max(0, at - r.start - lead) } : { sentence: word, offset: 0 };
}
