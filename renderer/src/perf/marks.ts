/**
 * Performance marks around an analysis, read by the render benchmark
 * (bench/suites/render.ts) through the standard User Timing API. Marks are cheap
 * and cleared at each new analysis.
 */
export const MARKS = {
  start: 'yomimono:analyze:start',
  firstChunk: 'yomimono:analyze:first-chunk',
  firstPaint: 'yomimono:analyze:first-paint',
  done: 'yomimono:analyze:done',
  donePaint: 'yomimono:analyze:done-paint',
} as const;

export function resetMarks(): void {
  for (const name of Object.values(MARKS)) performance.clearMarks(name);
}

/** Marks once per analysis. */
export function markOnce(name: string): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}
