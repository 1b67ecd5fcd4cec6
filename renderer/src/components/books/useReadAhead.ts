import { elementScroll, observeElementOffset, observeElementRect, Virtualizer, type Range, type VirtualizerOptions } from '@tanstack/react-virtual';
import { startTransition, useEffect, useLayoutEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';
import { inBackground } from '../../scheduling/inBackground';

/** Pages kept rendered ahead of the page in view, the way the learner is reading. */
export const PAGES_AHEAD = 3;
/** Pages kept rendered the other way (a turn back is painted at once too). */
export const PAGES_BEHIND = 1;
/**
 * Paragraphs one step adds at most each way: each step is a short task (its
 * commit lays out what it mounts), so a key pressed meanwhile waits little.
 */
export const ITEMS_PER_STEP = 4;

export type ReadAheadOptions = Pick<VirtualizerOptions<HTMLDivElement, Element>, 'count' | 'getScrollElement' | 'estimateSize' | 'measureElement' | 'horizontal' | 'isRtl' | 'overscan'> & {
  /** The page's extent along the scroll, 0 until measured: the window kept ahead is measured in pages. */
  page: number;
  /** What the indexes belong to (a chapter): another one starts a new window. */
  windowKey: string;
};

interface Span {
  from: number;
  to: number;
}

/** What a render put in the DOM and what it placed it by. */
interface Rendered extends Span {
  measurements: unknown;
  /** The scroll offset it was rendered at (what the reader shows depends on it: the position, the progress). */
  offset: number | null;
}

/**
 * The virtualizer and what it keeps rendered. React renders the list when
 * `render` is called; a scroll that needs nothing new in the DOM asks for that
 * render only after its frame is painted.
 */
class ReadAheadList {
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** The window kept rendered beside what the view needs (indexes of `windowKey`'s list). */
  private kept: (Span & { key: string }) | null = null;
  /** What the last commit put in the DOM, and the measurements it placed them by. */
  private committed: Rendered | null = null;
  private measuring = false;
  private cancelDeferred: (() => void) | null = null;
  /** The way the learner last went (1 forward, -1 back), from the offsets the idle steps saw. */
  private direction: { offset: number; dir: 1 | -1 } = { offset: 0, dir: 1 };
  private options: ReadAheadOptions;

  constructor(
    options: ReadAheadOptions,
    private readonly rerender: () => void,
  ) {
    this.options = options;
    this.virtualizer = new Virtualizer(this.resolve(options));
    const measure = this.virtualizer.measureElement;
    this.virtualizer.measureElement = (node) => {
      this.measuring = true;
      try {
        measure(node);
      } finally {
        this.measuring = false;
      }
    };
  }

  setOptions(options: ReadAheadOptions): void {
    const keyChanged = options.windowKey !== this.options.windowKey;
    this.options = options;
    if (keyChanged) this.kept = null;
    this.virtualizer.setOptions(this.resolve(options));
  }

  /** What this render puts in the DOM (read during the render, recorded at its commit). */
  rendering(): Rendered {
    const items = this.virtualizer.getVirtualItems();
    return { from: items[0]?.index ?? 0, to: items.at(-1)?.index ?? -1, measurements: this.virtualizer.measurementsCache, offset: this.virtualizer.scrollOffset };
  }

  commit(span: Rendered): void {
    this.committed = span;
  }

  dispose(): void {
    this.cancelDeferred?.();
    this.cancelDeferred = null;
  }

  /**
   * One step (after each commit): the window the view wants (PAGES_AHEAD ahead the
   * way the learner goes, PAGES_BEHIND back), grown by at most a page each way
   * from what is rendered now. Whether it changed (React renders it then).
   */
  step(): boolean {
    const { page, windowKey, count } = this.options;
    const v = this.virtualizer;
    if (!page || count === 0) return false;
    const offset = v.scrollOffset ?? 0;
    if (offset !== this.direction.offset) this.direction = { offset, dir: offset > this.direction.offset ? 1 : -1 };
    const forward = this.direction.dir > 0;
    const total = v.getTotalSize();
    const at = (px: number) => v.getVirtualItemForOffset(Math.max(0, Math.min(total - 1, px)))?.index;
    const lo = at(offset - page * (forward ? PAGES_BEHIND : PAGES_AHEAD));
    const hi = at(offset + page * (1 + (forward ? PAGES_AHEAD : PAGES_BEHIND)));
    if (lo === undefined || hi === undefined) return false;
    const now = this.committed;
    const first = now && now.to >= now.from ? v.measurementsCache[now.from] : undefined;
    const last = now && now.to >= now.from ? v.measurementsCache[now.to] : undefined;
    const from = first && now ? Math.max(lo, at(first.start - page) ?? lo, now.from - ITEMS_PER_STEP) : lo;
    const to = last && now ? Math.min(hi, at(last.end + page) ?? hi, now.to + ITEMS_PER_STEP) : hi;
    if (this.kept && this.kept.key === windowKey && this.kept.from === from && this.kept.to === to) return false;
    this.kept = { from, to, key: windowKey };
    return true;
  }

  private resolve(options: ReadAheadOptions): VirtualizerOptions<HTMLDivElement, Element> {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- not the virtualizer's options
    const { page, windowKey, ...rest } = options;
    return {
      observeElementRect,
      observeElementOffset,
      scrollToFn: elementScroll,
      ...rest,
      // A new function when the kept window changes: the virtualizer extracts the range again.
      rangeExtractor: this.extractor(this.kept),
      onChange: (v, sync) => {
        const c = this.committed;
        const r = v.range;
        // The measurements as they are now (a resize's notice comes before the virtualizer computes them again).
        v.getTotalSize();
        // Only the scroll offset changed, within what is in the DOM and placed as it is now: paint first, render after that frame.
        if (c && r && c.from <= r.startIndex && r.endIndex <= c.to && v.measurementsCache === c.measurements) {
          // Nothing the reader shows changed (the scroll's end, 150 ms after it): no render, no frame just before the next key.
          if (v.scrollOffset === c.offset && !this.cancelDeferred) return;
          this.cancelDeferred ??= inBackground(() => {
            this.cancelDeferred = null;
            // The render after a turn also takes the read-ahead's next step: the pages used up are refilled at once.
            this.step();
            // Interruptible: a key pressed while it renders is handled within a few milliseconds.
            startTransition(this.rerender);
          });
          return;
        }
        this.dispose();
        // flushSync cannot run inside React's commit (a ref measuring an element).
        if (sync && !this.measuring) flushSync(this.rerender);
        else this.rerender();
      },
    };
  }

  private extractorFor: { kept: ReadAheadList['kept']; fn: (r: Range) => number[] } | null = null;

  /** What the view needs (its items and the overscan) joined with the kept window when they touch; after a jump, only the view. */
  private extractor(kept: ReadAheadList['kept']): (r: Range) => number[] {
    if (this.extractorFor?.kept === kept) return this.extractorFor.fn;
    const fn = (r: Range) => {
      let from = Math.max(0, r.startIndex - r.overscan);
      let to = Math.min(r.count - 1, r.endIndex + r.overscan);
      if (kept && kept.from <= to + 1 && kept.to >= from - 1) {
        from = Math.max(0, Math.min(from, kept.from));
        to = Math.min(r.count - 1, Math.max(to, kept.to));
      }
      return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
    };
    this.extractorFor = { kept, fn };
    return fn;
  }
}

/**
 * A virtual list (@tanstack/virtual-core, wired as `useVirtualizer` wires it)
 * whose page turns are painted without React. It keeps the pages around the
 * view rendered: PAGES_AHEAD the way the learner reads and PAGES_BEHIND the
 * other way, growing by at most a page (and ITEMS_PER_STEP paragraphs) each way
 * per commit. A scroll within what is rendered then only moves columns already
 * laid out, and React renders right after that frame is painted (the position,
 * the progress, the tokens wanted, the refill's first step). A scroll past what is rendered (a jump, a fast
 * drag) renders in its own frame, as any virtual list does.
 */
export function useReadAhead(options: ReadAheadOptions): Virtualizer<HTMLDivElement, Element> {
  const rerender = useReducer((x: number) => x + 1, 0)[1];
  const [list] = useState(() => new ReadAheadList(options, rerender));
  list.setOptions(options);
  const rendering = list.rendering();
  useLayoutEffect(() => list.virtualizer._didMount(), [list]);
  useLayoutEffect(() => {
    list.commit(rendering);
    return list.virtualizer._willUpdate();
  });
  useEffect(() => () => list.dispose(), [list]);
  // Each commit: one more step towards the window around the view, rendered at once (interruptible), so the refill after a
  // turn ends within a few frames of it instead of trailing into the next key's frame.
  useEffect(() => {
    if (list.step()) startTransition(rerender);
  });
  return list.virtualizer;
}
