export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samples: number[]): { median: number; p99: number; mean: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { median: percentile(s, 50), p99: percentile(s, 99), mean: s.reduce((a, b) => a + b, 0) / Math.max(1, s.length) };
}

export const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits;
