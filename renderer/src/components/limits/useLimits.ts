/**
 * The limit banner's store. Any feature whose call fails hands the error here,
 * directly or through errors/limitReporting's `reportModelError`:
 *
 *   const r = await bridge.call(...)            // or a stream's result
 *   if (!r.ok && useLimits.getState().report(r.error, () => run())) return;
 *
 * `report` takes 402 (`insufficient_credits`) and 429 (`rate_limited`,
 * `free_model_limit`), and a stream's `mid_stream_error` whose status is 402 or
 * 429 (the same limit met after the first byte), and returns true; anything else
 * is left to the caller (false). The retry callback re-runs the failed action:
 * the banner's button calls it, and for a 429 it runs by itself once the wait is
 * over. A 429 that names no wait (an upstream provider's, after the client's own
 * retries) waits DEFAULT_RATE_LIMIT_WAIT_MS.
 *
 * A feature that streams (chat, OCR…) passes its error and a way to run again:
 *
 *   reportModelError(r.error, () => useChat.getState().send(lastText))
 */
import { create } from 'zustand';
import type { AppErrorData } from '../../../../shared/result';
import { limitCodeOf, setLimitReporter, type LimitCode } from '../../errors/limitReporting';

/** How long a 429 without Retry-After or a future reset waits before the banner retries. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 30_000;

export interface LimitNotice {
  id: number;
  /** Which limit: a mid-stream 402/429 is shown as the HTTP one. */
  code: LimitCode;
  error: AppErrorData;
  reportedAt: number;
  /** Local epoch ms when the wait is over (429: reset or Retry-After); null when unknown. */
  retryAt: number | null;
  retry: (() => unknown) | null;
}

interface LimitsState {
  notice: LimitNotice | null;
  report(error: AppErrorData, retry?: () => unknown): boolean;
  dismiss(): void;
  retryNow(): void;
}

/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

function clearTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function retryAtOf(error: AppErrorData, now: number): number {
  if (error.resetAt !== undefined && error.resetAt > now) return error.resetAt;
  if (error.retryAfterMs !== undefined) return now + Math.max(0, error.retryAfterMs);
  return now + DEFAULT_RATE_LIMIT_WAIT_MS;
}

export const useLimits = create<LimitsState>((set, get) => ({
  notice: null,
  report(error, retry) {
    const code = limitCodeOf(error);
    if (code === null) return false;
    clearTimer();
    const now = Date.now();
    const retryAt = code === 'insufficient_credits' ? null : retryAtOf(error, now);
    const notice: LimitNotice = { id: nextId++, code, error, reportedAt: now, retryAt, retry: retry ?? null };
    set({ notice });
    if (retryAt !== null) {
      // When the wait is over: run the action again, or just clear a banner nobody can act on any more.
      timer = setTimeout(() => {
        timer = undefined;
        if (get().notice?.id !== notice.id) return;
        if (notice.retry) get().retryNow();
        else get().dismiss();
      }, Math.min(MAX_TIMER_MS, Math.max(0, retryAt - now)));
    }
    return true;
  },
  dismiss() {
    clearTimer();
    set({ notice: null });
  },
  retryNow() {
    const retry = get().notice?.retry;
    get().dismiss();
    // A retry that fails again reports again, so the banner comes back with fresh numbers.
    if (retry) void Promise.resolve().then(retry);
  },
}));

// The reading features report through errors/limitReporting; this store is what they reach.
setLimitReporter((error, retry) => void useLimits.getState().report(error, retry));
