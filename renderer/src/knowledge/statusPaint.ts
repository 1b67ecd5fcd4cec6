/**
 * Repaints words whose status changed: every element of a counted word carries its key
 * (`data-wk`, the wordKeyId) and its status (`data-ws`); CSS draws the marks and hides the
 * readings of known words from it (colour, underline and visibility only: no layout). A change
 * sets the attribute on the elements of those words only, found through an index from key to
 * elements: no React render and no query over the page per key press, so a page of a thousand
 * words repaints within a frame.
 */
import type { WordStatus } from '../../../shared/words';

let statusOf: (id: string) => WordStatus | '' = () => '';

/** The status source (the word status store registers itself: no import cycle). */
export function paintFrom(source: (id: string) => WordStatus | ''): void {
  statusOf = source;
}

/**
 * Elements by word key, built by one walk when first needed and dropped whenever a word element
 * may have come or gone (a render, a page turn, a scroll): a MutationObserver only marks it stale,
 * so keeping it costs the views nothing, and key presses over an unchanged page reuse it.
 */
class WordElementIndex {
  private byKey: Map<string, HTMLElement[]> | null = null;
  private observer: MutationObserver | null = null;

  elements(id: string): readonly HTMLElement[] {
    return this.index().get(id) ?? [];
  }

  all(): IterableIterator<HTMLElement[]> {
    return this.index().values();
  }

  private index(): Map<string, HTMLElement[]> {
    // Mutations of this very task are not delivered yet: taken here, they make the index stale too.
    if (this.byKey && !this.observer?.takeRecords().length) return this.byKey;
    const byKey = new Map<string, HTMLElement[]>();
    for (const el of document.querySelectorAll<HTMLElement>('[data-wk]')) {
      const id = el.dataset.wk!;
      const list = byKey.get(id);
      if (list) list.push(el);
      else byKey.set(id, [el]);
    }
    if (!this.observer && typeof MutationObserver !== 'undefined') {
      this.observer = new MutationObserver(() => (this.byKey = null));
      // Our own data-ws writes are not watched: only elements added, removed or re-keyed.
      this.observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-wk'] });
    }
    this.observer?.takeRecords(); // mutations before this walk are in it already
    this.byKey = byKey;
    return byKey;
  }
}

const index = new WordElementIndex();

function paint(el: HTMLElement, s: WordStatus | ''): void {
  if (el.dataset.ws !== s) el.dataset.ws = s;
}

/** Repaints the words `ids` (null: every word on screen): one attribute write per instance whose status changed. */
export function paintStatuses(ids: readonly string[] | null): void {
  if (typeof document === 'undefined') return;
  if (ids === null) {
    for (const els of index.all()) {
      const s = statusOf(els[0]!.dataset.wk!);
      for (const el of els) paint(el, s);
    }
    return;
  }
  for (const id of ids) {
    const s = statusOf(id);
    for (const el of index.elements(id)) paint(el, s);
  }
}
