/**
 * The limit banner's store. Any feature whose call fails hands the error here,
 * directly or through errors/limitReporting's `reportModelError`:
 *
 *   const r = await bridge.call(...)            // or a stream's result
 *   if (!r.ok && useLimits.getState().report(r.error, () => run())) return;
 *
 * `report` takes 402 (`insufficient_credits`) and 429 (`rate_limited`,
 * `free_model_limit`) and returns true; anything else is left to the caller
 * (false). The retry callback re-runs the failed action: the banner's button
 * calls it, and for a 429 it runs by itself once the wait is over.
 */
import { create } from 'zustand';
import type { AppErrorData } from '../../../../shared/result';
import { setLimitReporter } from '../../errors/limitReporting';

export const LIMIT_CODES = ['insufficient_credits', 'rate_limited', 'free_model_limit'] as const;
export type LimitCode = (typeof LIMIT_CODES)[number];

export interface LimitNotice {
  id: number;
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

export function isLimitError(error: AppErrorData): error is AppErrorData & { code: LimitCode } {
  return (LIMIT_CODES as readonly string[]).includes(error.code);
}

/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

function clearTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function retryAtOf(error: AppErrorData, now: number): number | null {
  if (error.resetAt !== undefined && error.resetAt > now) return error.resetAt;
  if (error.retryAfterMs !== undefined) return now + Math.max(0, error.retryAfterMs);
  return null;
}

export const useLimits = create<LimitsState>((set, get) => ({
  notice: null,
  report(error, retry) {
    if (!isLimitError(error)) return false;
    clearTimer();
    const now = Date.now();
    const retryAt = error.code === 'insufficient_credits' ? null : retryAtOf(error, now);
    const notice: LimitNotice = { id: nextId++, code: error.code, error, reportedAt: now, retryAt, retry: retry ?? null };
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
