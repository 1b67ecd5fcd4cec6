/**
 * Repaints words whose status changed: every element of a counted word carries its key
 * (`data-wk`, the wordKeyId) and its status (`data-ws`); CSS draws the marks and hides the
 * readings of known words from it. A change sets the attribute on the elements of those words
 * only: no React render, so a page of a thousand words repaints within a frame.
 */
import type { WordStatus } from '../../../shared/words';

/** Beyond this many words a change repaints by one walk over every word on screen instead of a query per word. */
const QUERY_PER_WORD_MAX = 32;

let statusOf: (id: string) => WordStatus | '' = () => '';

/** The status source (the word status store registers itself: no import cycle). */
export function paintFrom(source: (id: string) => WordStatus | ''): void {
  statusOf = source;
}

function paint(el: Element): void {
  const id = (el as HTMLElement).dataset.wk;
  if (id === undefined) return;
  const s = statusOf(id);
  if ((el as HTMLElement).dataset.ws !== s) (el as HTMLElement).dataset.ws = s;
}

/** Repaints the words `ids` (null: every word on screen). */
export function paintStatuses(ids: readonly string[] | null, root: ParentNode = document): void {
  if (typeof document === 'undefined') return;
  if (ids === null || ids.length > QUERY_PER_WORD_MAX) {
    for (const el of root.querySelectorAll('[data-wk]')) paint(el);
    return;
  }
  for (const id of ids) for (const el of root.querySelectorAll(`[data-wk="${CSS.escape(id)}"]`)) paint(el);
}
