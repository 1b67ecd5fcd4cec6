import { useLayoutEffect, useState, type RefObject } from 'react';
import { textRange } from '../../books/bookTarget';
import { panelPlacement, type PanelPlacement } from '../../books/panelPlacement';

/** The floating word panel's width (as in the CSS). */
const PANEL_WIDTH = 340;

/**
 * Where the word panel floats over the book: away from the word it explains
 * (characters `span` of paragraph `paragraphId`), placed again when the page
 * renders (`redraw`) or changes size (`page`).
 */
export function usePanelPlacement(
  body: RefObject<HTMLElement | null>,
  scroll: RefObject<HTMLElement | null>,
  paragraphId: number | null,
  span: { start: number; end: number } | null | undefined,
  redraw: unknown,
  page: number,
): PanelPlacement {
  const [placement, setPlacement] = useState<PanelPlacement>({ side: 'right' });
  const start = span?.start;
  const end = span?.end;
  useLayoutEffect(() => {
    if (paragraphId === null) return;
    const host = scroll.current?.querySelector(`[data-paragraph-id="${paragraphId}"]`);
    const word = host && start !== undefined && end !== undefined ? textRange(host, start, end)?.getBoundingClientRect() : undefined;
    const box = body.current?.getBoundingClientRect();
    if (!box) return;
    const next = panelPlacement(box, word ?? null, PANEL_WIDTH);
    // Measured from the page as laid out, before it paints: the panel never shows over its word first.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a layout measurement, bailed out when unchanged
    setPlacement((was) => (was.side === next.side && was.maxHeight === next.maxHeight ? was : next));
  }, [body, scroll, paragraphId, start, end, redraw, page]);
  return placement;
}
