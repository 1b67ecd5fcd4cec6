/**
 * Client-side throttle for `:free` models: 20 requests per minute
 * and 50 per UTC day, 1000 per day once the account has bought credits. The
 * gateway governs these limits per account, across keys and models, so one
 * count covers every free model. Requests are kept in SQLite (migration 0002) so
 * a restart does not hand out a fresh allowance. A call over the limit fails at
 * once with the instant of the next free slot.
 */
import type Database from 'better-sqlite3';
import { isFreeModel } from '../../../shared/catalog';
import { AppError } from '../../../shared/result';
import { utcDayWindow } from './windows';

export interface FreeModelLimits {
  perMinute: number;
  perDayFreeTier: number;
  perDayPaid: number;
}

export const FREE_MODEL_LIMITS: FreeModelLimits = { perMinute: 20, perDayFreeTier: 50, perDayPaid: 1000 };

const MINUTE_MS = 60_000;

export interface ThrottleWindowStatus {
  used: number;
  limit: number;
  /** When a slot frees up; null while there is room. */
  nextSlotAt: number | null;
}

export interface ThrottleStatus {
  minute: ThrottleWindowStatus;
  day: ThrottleWindowStatus;
}

export type ThrottleVerdict =
  | { allowed: true }
  | { allowed: false; window: 'minute' | 'day'; limit: number; resetAt: number; retryAfterMs: number };

export interface ThrottleOptions {
  now?: () => number;
  limits?: Partial<FreeModelLimits>;
  /** Until the key info says otherwise, assume the stricter free tier. */
  isFreeTier?: boolean;
}

export class FreeModelThrottle {
  private readonly now: () => number;
  private readonly limits: FreeModelLimits;
  private freeTier: boolean;
  private readonly countSince: Database.Statement<[number], { n: number }>;
  private readonly nthNewestSince: Database.Statement<[number, number], { at: number }>;
  private readonly insert: Database.Statement<[string, number]>;
  private readonly prune: Database.Statement<[number]>;

  constructor(
    private readonly db: Database.Database,
    opts: ThrottleOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.limits = { ...FREE_MODEL_LIMITS, ...opts.limits };
    this.freeTier = opts.isFreeTier ?? true;
    this.countSince = db.prepare('SELECT COUNT(*) AS n FROM free_model_requests WHERE at >= ?');
    this.nthNewestSince = db.prepare('SELECT at FROM free_model_requests WHERE at >= ? ORDER BY at DESC LIMIT 1 OFFSET ?');
    this.insert = db.prepare('INSERT INTO free_model_requests (model, at) VALUES (?, ?)');
    this.prune = db.prepare('DELETE FROM free_model_requests WHERE at < ?');
  }

  /** Follows the key info: `is_free_tier` false lifts the daily limit to 1000. */
  setFreeTier(isFreeTier: boolean): void {
    this.freeTier = isFreeTier;
  }

  get dailyLimit(): number {
    return this.freeTier ? this.limits.perDayFreeTier : this.limits.perDayPaid;
  }

  status(at = this.now()): ThrottleStatus {
    const minuteStart = at - MINUTE_MS + 1;
    const day = utcDayWindow(at);
    const minuteUsed = this.countSince.get(minuteStart)?.n ?? 0;
    const dayUsed = this.countSince.get(day.start)?.n ?? 0;
    let minuteNext: number | null = null;
    if (minuteUsed >= this.limits.perMinute) {
      // The slot frees when the request `perMinute` places back leaves the sliding minute.
      const row = this.nthNewestSince.get(minuteStart, this.limits.perMinute - 1);
      minuteNext = (row?.at ?? at) + MINUTE_MS;
    }
    return {
      minute: { used: minuteUsed, limit: this.limits.perMinute, nextSlotAt: minuteNext },
      day: { used: dayUsed, limit: this.dailyLimit, nextSlotAt: dayUsed >= this.dailyLimit ? day.end : null },
    };
  }

  check(model: string, at = this.now()): ThrottleVerdict {
    if (!isFreeModel(model)) return { allowed: true };
    const s = this.status(at);
    // The day's limit dominates: its slot is the later one.
    const hit = s.day.nextSlotAt !== null ? { window: 'day' as const, ...s.day } : s.minute.nextSlotAt !== null ? { window: 'minute' as const, ...s.minute } : null;
    if (!hit || hit.nextSlotAt === null) return { allowed: true };
    return { allowed: false, window: hit.window, limit: hit.limit, resetAt: hit.nextSlotAt, retryAfterMs: Math.max(0, hit.nextSlotAt - at) };
  }

  /**
   * Takes a slot for one request to `model` (non-free models pass untouched).
   * Throws AppError `free_model_limit` with `resetAt`/`retryAfterMs` of the next slot.
   */
  acquire(model: string): void {
    if (!isFreeModel(model)) return;
    const at = this.now();
    const take = this.db.transaction((): ThrottleVerdict => {
      const verdict = this.check(model, at);
      if (verdict.allowed) {
        this.insert.run(model, at);
        // Nothing older than the day window or the sliding minute matters any more.
        this.prune.run(Math.min(utcDayWindow(at).start, at - MINUTE_MS));
      }
      return verdict;
    });
    const verdict = take.immediate();
    if (!verdict.allowed) {
      const secs = Math.ceil(verdict.retryAfterMs / 1000);
      throw new AppError({
        code: 'free_model_limit',
        message: `Free-model limit reached (${verdict.limit} per ${verdict.window}): next slot in ${secs} s.`,
        retryAfterMs: verdict.retryAfterMs,
        resetAt: verdict.resetAt,
        details: { window: verdict.window, limit: verdict.limit, model },
      });
    }
  }
}
