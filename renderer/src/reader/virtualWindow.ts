/** Layout arithmetic of the virtualised reading view; pure so it is tested without a DOM. */

/** Offsets[i] is the top of block i; offsets[n] the total height. */
export function prefixOffsets(heights: readonly number[]): number[] {
  const out = new Array<number>(heights.length + 1);
  out[0] = 0;
  for (let i = 0; i < heights.length; i++) out[i + 1] = out[i]! + heights[i]!;
  return out;
}

/** First block whose bottom is below `y`. */
export function blockAtY(offsets: readonly number[], y: number): number {
  const n = offsets.length - 1;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, Math.max(0, n - 1));
}

/** Blocks [first, last] to render for a viewport, with `overscan` pixels above and below. */
export function visibleRange(offsets: readonly number[], scrollTop: number, viewport: number, overscan: number): { first: number; last: number } {
  const n = offsets.length - 1;
  if (n <= 0) return { first: 0, last: -1 };
  const first = blockAtY(offsets, Math.max(0, scrollTop - overscan));
  const last = blockAtY(offsets, scrollTop + viewport + overscan);
  return { first, last: Math.max(first, last) };
}

/** A first guess at a block's height before it is measured. */
export function estimateHeight(chars: number, blank: boolean, charsPerLine: number, lineHeight: number, gap: number): number {
  if (blank) return Math.round(lineHeight * 0.5);
  const lines = Math.max(1, Math.ceil(chars / Math.max(1, charsPerLine)));
  return lines * lineHeight + gap;
}
