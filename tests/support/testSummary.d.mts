export interface TestSummary {
  passed: number;
  failed: number;
  skipped: number;
  skippedTitles: string[];
}
export function summarize(vitest: unknown, playwright: unknown): TestSummary;
export function summaryLines(s: TestSummary): string[];
