/**
 * Word elements by word key (`data-wk`, the wordKeyId), for repainting a word's every instance
 * without a query over the page. Built by one walk and dropped whenever a word element may have
 * come or gone (a render, a page turn, a scroll): the watcher only marks it stale. A stale index
 * is built again when the renderer is next idle, so the first key press on a new page finds it
 * ready instead of walking a thousand words in its own task; a press before that builds it itself.
 */

/** The page as the index sees it (the DOM in the app; a fake in tests). */
export interface WordElementsDom<E> {
  /** Every word element now on the page, in document order. */
  words(): Iterable<E>;
  keyOf(el: E): string | null;
  /** Calls `stale` when word elements may have come, gone or been re-keyed; `take()` drains changes not delivered yet and tells whether there were any. */
  watch(stale: () => void): { take(): boolean };
  /** Runs `task` once the renderer is idle. */
  whenIdle(task: () => void): void;
}

export class WordElementIndex<E> {
  private byKey: Map<string, E[]> | null = null;
  private watcher: { take(): boolean } | null = null;
  private rebuildQueued = false;

  constructor(private readonly dom: WordElementsDom<E>) {}

  elements(id: string): readonly E[] {
    return this.index().get(id) ?? [];
  }

  all(): IterableIterator<E[]> {
    return this.index().values();
  }

  /** Whether the next lookup is answered without a walk (for tests). */
  get ready(): boolean {
    return this.byKey !== null;
  }

  private index(): Map<string, E[]> {
    // Changes of this very task are not delivered yet: taken here, they make the index stale too.
    if (this.byKey && !this.watcher?.take()) return this.byKey;
    return this.build();
  }

  private build(): Map<string, E[]> {
    const byKey = new Map<string, E[]>();
    for (const el of this.dom.words()) {
      const id = this.dom.keyOf(el);
      if (!id) continue;
      const list = byKey.get(id);
      if (list) list.push(el);
      else byKey.set(id, [el]);
    }
    this.watcher ??= this.dom.watch(() => this.stale());
    this.watcher.take(); // changes before this walk are in it already
    this.byKey = byKey;
    return byKey;
  }

  private stale(): void {
    this.byKey = null;
    if (this.rebuildQueued) return;
    this.rebuildQueued = true;
    this.dom.whenIdle(() => {
      this.rebuildQueued = false;
      if (!this.byKey) this.build();
    });
  }
}
