/**
 * Retry policy of the gateway client:
 * - 429 honours Retry-After (seconds); otherwise exponential backoff with jitter;
 * - 408, 5xx and connection errors back off likewise;
 * - at most 3 retries; a 429 whose reset is more than 60 s away is not retried;
 * - 400, 401, 402, 403 are never retried (GatewayError.retryable says so);
 * - every wait is cancellable through the AbortSignal.
 * "Never after a stream's first byte" holds because callers only wrap the part
 * before the response headers arrive.
 */
import { systemClock, type Clock } from './clock';
import { MAX_RATE_LIMIT_WAIT_MS, isGatewayError, type GatewayError } from './errors';

export interface RetryPolicy {
  maxRetries: number;
  /** First backoff step; doubles each retry. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest server-requested wait (Retry-After or reset) that is still waited for. */
  maxServerWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxServerWaitMs: MAX_RATE_LIMIT_WAIT_MS,
};

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: 'not_retryable' | 'exhausted' | 'wait_too_long' };

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread but never collapse to 0. */
export function backoffDelay(retriesDone: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retriesDone);
  return Math.round(step / 2 + random() * (step / 2));
}

export function decideRetry(err: GatewayError, retriesDone: number, policy: RetryPolicy, clock: Pick<Clock, 'now' | 'random'>): RetryDecision {
  const g = err.gateway;
  if (!g.retryable) return { retry: false, reason: g.dailyCap ? 'wait_too_long' : 'not_retryable' };
  if (retriesDone >= policy.maxRetries) return { retry: false, reason: 'exhausted' };
  if (g.retryAfterMs !== undefined) {
    if (g.retryAfterMs > policy.maxServerWaitMs) return { retry: false, reason: 'wait_too_long' };
    return { retry: true, delayMs: g.retryAfterMs };
  }
  let delayMs = backoffDelay(retriesDone, policy, clock.random);
  // A rate limit that resets within the minute: retrying before the reset would only be refused again.
  if (g.status === 429 && g.resetAt !== undefined) {
    const untilReset = g.resetAt - clock.now();
    if (untilReset > policy.maxServerWaitMs) return { retry: false, reason: 'wait_too_long' };
    delayMs = Math.max(delayMs, untilReset);
  }
  return { retry: true, delayMs };
}

export interface RetryInfo {
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  error: GatewayError;
}

export interface RetryOptions {
  signal?: AbortSignal;
  clock?: Clock;
  policy?: Partial<RetryPolicy>;
  /** Epoch ms after which no further wait is started: the last error is thrown instead. */
  deadline?: number;
  onRetry?: (info: RetryInfo) => void;
}

/**
 * Runs `attempt` until it succeeds, throws something that is not a retryable
 * GatewayError, or the policy says stop. The last GatewayError is rethrown as is.
 */
export async function withRetry<T>(attempt: (attemptIndex: number) => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const clock = opts.clock ?? systemClock;
  const policy = { ...DEFAULT_RETRY_POLICY, ...opts.policy };
  for (let retriesDone = 0; ; retriesDone++) {
    try {
      return await attempt(retriesDone);
    } catch (e) {
      if (!isGatewayError(e)) throw e;
      const d = decideRetry(e, retriesDone, policy, clock);
      if (!d.retry) throw e;
      if (opts.deadline !== undefined && clock.now() + d.delayMs > opts.deadline) throw e;
      opts.onRetry?.({ retry: retriesDone + 1, delayMs: d.delayMs, error: e });
      await clock.sleep(d.delayMs, opts.signal);
    }
  }
}
