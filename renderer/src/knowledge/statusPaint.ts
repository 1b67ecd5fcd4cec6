/**
 * Repaints words whose status changed: every element of a counted word carries its key
 * (`data-wk`, the wordKeyId) and its status (`data-ws`); CSS draws the marks and hides the
 * readings of known words from it (colour, underline and visibility only: no layout). A change
 * sets the attribute on the elements of those words only, found through an index from key to
 * elements (wordElementIndex.ts, kept ready in idle time): no React render and no query over the
 * page per key press, so a page of a thousand words repaints within a frame.
 */
import type { WordStatus } from '../../../shared/words';
import { whenIdle } from '../scheduling/whenIdle';
import { WordElementIndex } from './wordElementIndex';

let statusOf: (id: string) => WordStatus | '' = () => '';

/** The status source (the word status store registers itself: no import cycle). */
export function paintFrom(source: (id: string) => WordStatus | ''): void {
  statusOf = source;
}

// Our own data-ws writes are not watched: only word elements added, removed or re-keyed.
const WATCHED: MutationObserverInit = { childList: true, subtree: true, attributes: true, attributeFilter: ['data-wk'] };

const index = new WordElementIndex<HTMLElement>({
  words: () => document.querySelectorAll<HTMLElement>('[data-wk]'),
  keyOf: (el) => el.getAttribute('data-wk'),
  watch(stale) {
    if (typeof MutationObserver === 'undefined') return { take: () => true };
    const observer = new MutationObserver(stale);
    observer.observe(document, WATCHED);
    return { take: () => observer.takeRecords().length > 0 };
  },
  whenIdle: (task) => void whenIdle(task),
});

function paint(el: HTMLElement, s: WordStatus | ''): void {
  if (el.getAttribute('data-ws') !== s) el.setAttribute('data-ws', s);
}

/** Repaints the words `ids` (null: every word on screen): one attribute write per instance whose status changed. */
export function paintStatuses(ids: readonly string[] | null): void {
  if (typeof document === 'undefined') return;
  if (ids === null) {
    for (const els of index.all()) {
      const s = statusOf(els[0]!.getAttribute('data-wk')!);
      for (const el of els) paint(el, s);
    }
    return;
  }
  for (const id of ids) {
    const s = statusOf(id);
    for (const el of index.elements(id)) paint(el, s);
  }
}
