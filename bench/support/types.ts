export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** Human-readable target, e.g. "< 0.5 ms". */
  target?: string;
  /** Whether the target was met, when there is one. */
  pass?: boolean;
}

export type BenchSuite = () => Promise<BenchRow[]>;
