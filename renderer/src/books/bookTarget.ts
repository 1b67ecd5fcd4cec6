import type { Token } from '../../../shared/domain';
import { isWordToken, placeTokens, tokenIndexAt } from '../reader/placedToken';
import { targetFor, type DetailTarget } from '../stores/detailStore';

/**
 * The word (a click: `start === end`) or the phrase (a selection `start..end`)
 * of a book paragraph, as the word panel takes it, with its sentence. Punctuation
 * at either end of a selection is left out; a click on punctuation is no word.
 */
export function bookTarget(text: string, tokens: readonly Token[], start: number, end: number): DetailTarget | null {
  const placed = placeTokens(tokens, 0, 'offline');
  let first = tokenIndexAt(placed, start);
  let last = end > start ? tokenIndexAt(placed, end - 1) : first;
  while (first < last && !isWordToken(placed[first]!)) first++;
  while (last > first && !isWordToken(placed[last]!)) last--;
  const token = placed[first];
  if (!token || !isWordToken(token)) return null;
  return first === last ? targetFor(placed, text, { kind: 'word', index: first }) : targetFor(placed, text, { kind: 'phrase', first, last });
}

/**
 * Characters of a paragraph's text before a DOM point in it: readings (`rt`)
 * and the paragraph's buttons are not text. A point inside a reading counts as
 * the start of its ruby.
 */
export function textOffset(root: Element, node: Node, offset: number): number {
  const rt = (node instanceof Element ? node : node.parentElement)?.closest('rt');
  const ruby = rt && root.contains(rt) ? rt.closest('ruby') : null;
  const range = document.createRange();
  range.setStart(root, 0);
  if (ruby) range.setEndBefore(ruby);
  else range.setEnd(node, offset);
  const part = range.cloneContents();
  for (const el of part.querySelectorAll('rt, button')) el.remove();
  return part.textContent?.length ?? 0;
}
