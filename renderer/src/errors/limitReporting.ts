import type { AppErrorData, ErrorCode } from '../../../shared/result';

/** Failures the limits banner (credits feature) explains: out of credits and rate limits. */
export const LIMIT_CODES: ReadonlySet<ErrorCode> = new Set(['insufficient_credits', 'rate_limited', 'free_model_limit']);

/** `retry` re-runs the failed action (the banner's retry button, and by itself once a 429's wait is over). */
type Reporter = (error: AppErrorData, retry?: () => unknown) => void;
let reporter: Reporter | undefined;

/** The limits store registers itself here (components/limits/useLimits.ts); reading features only report. */
export function setLimitReporter(r: Reporter | undefined): void {
  reporter = r;
}

/** A stream that met a credit or rate limit after its first byte: an error chunk with 402 or 429. */
function isMidStreamLimit(error: AppErrorData): boolean {
  return error.code === 'mid_stream_error' && (error.status === 402 || error.status === 429);
}

/** Passes a model failure to the limits banner when it is a credit or rate limit (mid-stream ones too). */
export function reportModelError(error: AppErrorData | undefined, retry?: () => unknown): void {
  if (error && (LIMIT_CODES.has(error.code) || isMidStreamLimit(error))) reporter?.(error, retry);
}
