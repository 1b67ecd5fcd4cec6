import type { AppErrorData } from '../../../shared/result';

/** Failures the limits banner (credits feature) explains: out of credits and rate limits. */
export const LIMIT_CODES = ['insufficient_credits', 'rate_limited', 'free_model_limit'] as const;
export type LimitCode = (typeof LIMIT_CODES)[number];

/**
 * The limit an error stands for, or null when it is not one the banner explains.
 * A stream that met a limit after its first byte fails with `mid_stream_error`
 * and the HTTP status: 402 is out of credits, 429 a rate limit.
 */
export function limitCodeOf(error: AppErrorData): LimitCode | null {
  const code = LIMIT_CODES.find((c) => c === error.code);
  if (code) return code;
  if (error.code === 'mid_stream_error') {
    if (error.status === 402) return 'insufficient_credits';
    if (error.status === 429) return 'rate_limited';
  }
  return null;
}

/** `retry` re-runs the failed action (the banner's retry button, and by itself once a 429's wait is over). */
type Reporter = (error: AppErrorData, retry?: () => unknown) => void;
let reporter: Reporter | undefined;

/** The limits store registers itself here (components/limits/useLimits.ts); reading features only report. */
export function setLimitReporter(r: Reporter | undefined): void {
  reporter = r;
}

/** Passes a model failure to the limits banner when it is a credit or rate limit (mid-stream ones too). */
export function reportModelError(error: AppErrorData | undefined, retry?: () => unknown): void {
  if (error && limitCodeOf(error) !== null) reporter?.(error, retry);
}
