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

/** The DOM range over characters `start..end` of a paragraph's text (readings and buttons skipped), or null when out of it. */
export function textRange(root: Element, start: number, end: number): Range | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.parentElement?.closest('rt, button') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const range = document.createRange();
  let at = 0;
  let started = false;
  for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
    const len = n.data.length;
    if (!started && start < at + len) {
      range.setStart(n, start - at);
      started = true;
    }
    if (started && end <= at + len) {
      range.setEnd(n, end - at);
      return range;
    }
    at += len;
  }
  return null;
}
