/**
 * The limit banner's store (renderer/src/components/limits/useLimits.ts) on a
 * fake clock: which errors it takes, how long a 429 waits, and the retry at the
 * end of the wait. The banner itself is covered in tests/e2e/credits.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppErrorData } from '../../../../../shared/result';
import { limitCodeOf, reportModelError } from '../../../../../renderer/src/errors/limitReporting';
import { DEFAULT_RATE_LIMIT_WAIT_MS, useLimits } from '../../../../../renderer/src/components/limits/useLimits';

const T0 = Date.parse('2025-06-11T10:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  useLimits.getState().dismiss();
});

afterEach(() => {
  useLimits.getState().dismiss();
  vi.useRealTimers();
});

describe('limit notices', () => {
  it('a 429 that names no wait (upstream, retries exhausted) waits 30 s, then retries by itself', async () => {
    const retry = vi.fn();
    const error: AppErrorData = { code: 'rate_limited', message: 'Provider returned error', status: 429, details: { rateLimitSource: 'upstream' } };
    expect(useLimits.getState().report(error, retry)).toBe(true);
    expect(DEFAULT_RATE_LIMIT_WAIT_MS).toBe(30_000);
    expect(useLimits.getState().notice?.retryAt).toBe(T0 + 30_000);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(retry).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(useLimits.getState().notice).toBeNull();
  });

  it('a wait the gateway named wins over the default; a reset already past falls back to Retry-After', () => {
    useLimits.getState().report({ code: 'rate_limited', message: 'x', retryAfterMs: 5_000 });
    expect(useLimits.getState().notice?.retryAt).toBe(T0 + 5_000);
    useLimits.getState().report({ code: 'rate_limited', message: 'x', resetAt: T0 + 90_000 });
    expect(useLimits.getState().notice?.retryAt).toBe(T0 + 90_000);
    useLimits.getState().report({ code: 'rate_limited', message: 'x', resetAt: T0 - 1, retryAfterMs: 2_000 });
    expect(useLimits.getState().notice?.retryAt).toBe(T0 + 2_000);
  });

  it('a 402 has no countdown: it waits for the learner', () => {
    useLimits.getState().report({ code: 'insufficient_credits', message: 'Insufficient credits', status: 402 });
    expect(useLimits.getState().notice).toMatchObject({ code: 'insufficient_credits', retryAt: null });
  });

  it('a mid-stream error chunk with 402 or 429 is that limit; other stream failures are not limits', () => {
    const mid = (status?: number): AppErrorData => ({ code: 'mid_stream_error', message: 'x', ...(status !== undefined ? { status } : {}) });
    expect(limitCodeOf(mid(402))).toBe('insufficient_credits');
    expect(limitCodeOf(mid(429))).toBe('rate_limited');
    expect(limitCodeOf(mid(502))).toBeNull();
    expect(limitCodeOf(mid())).toBeNull();
    expect(limitCodeOf({ code: 'free_model_limit', message: 'x' })).toBe('free_model_limit');
    expect(limitCodeOf({ code: 'upstream_error', message: 'x', status: 402 })).toBeNull();
  });

  it('features reporting through limitReporting reach the banner with a mid-stream 402, and not with a 502', async () => {
    reportModelError({ code: 'mid_stream_error', message: 'Provider disconnected', status: 502 });
    expect(useLimits.getState().notice).toBeNull();
    const retry = vi.fn();
    reportModelError({ code: 'mid_stream_error', message: 'Insufficient credits', status: 402, details: { creditLimit: 'balance' } }, retry);
    expect(useLimits.getState().notice).toMatchObject({ code: 'insufficient_credits', retryAt: null });
    useLimits.getState().retryNow();
    expect(useLimits.getState().notice).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
