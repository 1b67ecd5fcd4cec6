import type { Token } from '../../../shared/domain';

/**
 * Makes model tokens rebuild `text` exactly. Models drop or change line breaks and
 * spaces; those are restored from the source. Returns undefined when the tokens
 * cannot be aligned (the caller then keeps the offline analysis).
 */
export function reconcileTokens(text: string, tokens: readonly Token[]): Token[] | undefined {
  const out: Token[] = [];
  let at = 0;
  const pushGap = (gap: string) => {
    for (const part of gap.match(/\r\n|\n|[^\S\n]+|[^\s]+/g) ?? []) {
      out.push({ word: part, pos: part.includes('\n') ? 'linebreak' : /^\s+$/.test(part) ? 'symbol' : 'other', furigana: '' });
    }
  };
  for (const t of tokens) {
    const word = t.word.replace(/\r?\n/g, '') === '' && t.pos === 'linebreak' ? '' : t.word;
    if (word === '') continue;
    const found = text.indexOf(word, at);
    // Only whitespace may sit between tokens; anything else means the model changed the text.
    if (found < 0 || text.slice(at, found).trim() !== '') return undefined;
    if (found > at) pushGap(text.slice(at, found));
    out.push(word === t.word ? t : { ...t, word });
    at = found + word.length;
  }
  if (text.slice(at).trim() !== '') return undefined;
  if (at < text.length) pushGap(text.slice(at));
  return out;
}
