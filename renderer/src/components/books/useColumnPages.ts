import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { pageExtent, revealOffset, snapOffset, turnTarget } from '../../books/columnPages';

export interface ColumnPages {
  /** The page's extent across the lines (the scroller's width in vertical text, height in horizontal), 0 until measured. */
  page: number;
  /** The room the page has along its lines (its height in vertical text, width in horizontal). */
  along: number;
  /** The scroll offset into the chapter, from its start (positive in vertical-rl too). */
  offset(): number;
  max(): number;
  /** Scrolls to an offset at once (page turns are painted in the frame of the key). */
  scrollTo(offset: number): void;
  turn(dir: 1 | -1): void;
  /** Brings `[start, end)` of the chapter (scroll coordinates) into the page by whole lines. */
  reveal(start: number, end: number): void;
  /** A box on screen as `[start, end)` in scroll coordinates. */
  extentOf(r: DOMRect): [number, number];
}

/**
 * Whole-column pages for the book's scroller: measures the room the frame gives
 * (its content box), makes the page the whole lines that fit, turns by exactly a
 * page and puts a freely scrolled view (wheel, touch, a scroll into view) back
 * on a line when the scrolling ends.
 */
export function useColumnPages(frameRef: RefObject<HTMLElement | null>, scrollRef: RefObject<HTMLElement | null>, vertical: boolean, pitch: number, extentRef?: RefObject<number>): ColumnPages {
  const [room, setRoom] = useState<{ w: number; h: number } | null>(null);

  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const read = () => {
      const cs = getComputedStyle(frame);
      const w = Math.floor(frame.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight));
      const h = Math.floor(frame.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom));
      setRoom((was) => (was && was.w === w && was.h === h ? was : { w, h }));
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frameRef]);

  const page = room ? pageExtent(vertical ? room.w : room.h, pitch) : 0;
  const along = room ? (vertical ? room.h : room.w) : 0;

  const offset = useCallback(() => {
    const el = scrollRef.current;
    return el ? (vertical ? -el.scrollLeft : el.scrollTop) : 0;
  }, [scrollRef, vertical]);
  const max = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return 0;
    const client = vertical ? el.clientWidth : el.clientHeight;
    const scrollable = Math.max(0, (vertical ? el.scrollWidth : el.scrollHeight) - client);
    // The text may end before the scroller does (its track is kept wider than the text): the end of the text is the end.
    return extentRef ? Math.max(0, Math.min(scrollable, extentRef.current - client)) : scrollable;
  }, [scrollRef, vertical, extentRef]);
  const scrollTo = useCallback(
    (to: number) => {
      const el = scrollRef.current;
      if (!el) return;
      if (vertical) el.scrollLeft = -to;
      else el.scrollTop = to;
    },
    [scrollRef, vertical],
  );

  // Scrolled freely: back onto the nearest line once the scroll ends (the end of the chapter may stay off the grid).
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || !page) return;
    const onEnd = () => {
      const at = offset();
      const m = max();
      // Past the end of the text (into the track's spare room): back to its last page.
      if (at > m + 0.5) return scrollTo(m);
      if (at >= m - 0.5) return;
      const snapped = snapOffset(at, pitch, m);
      if (Math.abs(snapped - at) >= 1) scrollTo(snapped);
    };
    el.addEventListener('scrollend', onEnd);
    return () => el.removeEventListener('scrollend', onEnd);
  }, [scrollRef, page, pitch, offset, max, scrollTo]);

  const extentOf = useCallback(
    (r: DOMRect): [number, number] => {
      const el = scrollRef.current;
      if (!el) return [0, 0];
      const box = el.getBoundingClientRect();
      const at = offset();
      return vertical ? [box.right - r.right + at, box.right - r.left + at] : [r.top - box.top + at, r.bottom - box.top + at];
    },
    [scrollRef, vertical, offset],
  );

  return {
    page,
    along,
    offset,
    max,
    scrollTo,
    turn: (dir) => page && scrollTo(turnTarget(offset(), page, pitch, max(), dir)),
    reveal: (start, end) => page && scrollTo(revealOffset(offset(), page, pitch, max(), start, end)),
    extentOf,
  };
}
