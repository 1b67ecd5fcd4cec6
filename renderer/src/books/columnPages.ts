/**
 * Whole-column (vertical text) and whole-line (horizontal text) pages. Every
 * line of the book sits on a grid of one line pitch from the chapter's start:
 * the text's line height is that pitch in whole pixels, and each block (a
 * paragraph, a heading, an illustration, a translation) takes a whole number of
 * lines. A page is the whole lines that fit; the view starts on a line and turns
 * by exactly a page, so no column is ever cut and ruby stays by its base.
 */

/** The line pitch in whole pixels (the scroll offsets stay integers). */
export const linePitch = (fontSize: number, lineHeight: number) => Math.max(1, Math.round(fontSize * lineHeight));

/** Lines that fit in `available` pixels, at least one. */
export const linesIn = (available: number, pitch: number) => Math.max(1, Math.floor(available / pitch));

/** A page: the whole lines that fit, in pixels. */
export const pageExtent = (available: number, pitch: number) => linesIn(available, pitch) * pitch;

/**
 * Of a line, how much a block of text may overrun its whole lines without
 * taking another: ruby over a paragraph's first line may push it a few pixels
 * into the block (Chromium grows the block by the reading's overflow beyond the
 * half-leading), which the leading of its lines absorbs; a line more would open
 * a gap after every such paragraph.
 */
export const TEXT_SLACK = 0.15;
/** Subpixel layout only: for illustrations, which must never overlap what follows. */
export const EXACT_SLACK = 0.02;

/** A block's extent grown to whole lines (up to `slack` of a line over is not another line). */
export const wholeLines = (extent: number, pitch: number, slack = EXACT_SLACK) => Math.max(1, Math.ceil(extent / pitch - slack)) * pitch;

/** The grid offset nearest to `offset` (or the next/previous one, `dir`), within 0..max. */
export function snapOffset(offset: number, pitch: number, max: number, dir: 0 | 1 | -1 = 0): number {
  const lines = offset / pitch;
  const n = dir > 0 ? Math.ceil(lines - 0.01) : dir < 0 ? Math.floor(lines + 0.01) : Math.round(lines);
  return Math.max(0, Math.min(floorTo(max, pitch), n * pitch));
}

const floorTo = (x: number, pitch: number) => Math.floor(x / pitch + 0.01) * pitch;

/** Where a page turn lands: one page on from the line the view is on, never past the last page. */
export function turnTarget(offset: number, page: number, pitch: number, max: number, dir: 1 | -1): number {
  const from = snapOffset(offset, pitch, max);
  // The last page may be shorter: the end is wherever the scroll stops, so it is allowed off the grid.
  const to = from + dir * page;
  if (dir > 0 && to >= max) return max;
  return Math.max(0, to);
}

/**
 * The offset that brings `[start, end)` (a word, a translation) into a view at
 * `offset` of size `page`: unchanged when it is in view, else the least number
 * of whole lines forward or back; a block larger than a page shows its start.
 */
export function revealOffset(offset: number, page: number, pitch: number, max: number, start: number, end: number): number {
  if (start >= offset && end <= offset + page) return offset;
  if (end - start > page || start < offset) return snapOffset(start, pitch, max, -1);
  return snapOffset(end - page, pitch, max, 1);
}
