/**
 * The credit meter's logic (issue 4, "Meter and pushes"): keeps the last known
 * key info, refreshes it on launch, focus, after completions (at most once per
 * 30 s, with one trailing refresh so the last completion is not missed) and
 * right after a 402, subtracts each completion's `usage.cost` locally until the
 * next poll, and on failure keeps the last value with its age. Pure logic: the
 * key call, the clock and the timer are injected; no I/O of its own.
 */
import { toErrorData, type AppErrorData } from '../../../shared/result';
import type { CreditsKeyInfo } from '../../../shared/credits';
import { limitWindow, nextLimitReset, usageWindows, type UtcWindow } from './windows';

export type RefreshReason = 'launch' | 'focus' | 'completion' | 'after-402' | 'manual' | 'key-changed';

export type KeyState = 'active' | 'disabled' | 'expired' | 'invalid' | 'unknown';

export interface CreditSnapshot {
  /** `empty`: never fetched; `fresh`: the last refresh succeeded; `stale`: it failed, `info` is older. */
  state: 'empty' | 'fresh' | 'stale';
  /** Last known info with local spending applied; null before the first successful poll. */
  info: CreditsKeyInfo | null;
  /** Epoch ms of the poll `info` comes from. */
  fetchedAt: number | null;
  ageMs: number | null;
  /** Why the last refresh failed (only while `stale` or `empty`). */
  error: AppErrorData | null;
  /** Credits spent since that poll, already applied to `info`. */
  localCost: number;
  keyState: KeyState;
  /** Next reset of the key cap (UTC midnight), null when the cap never resets or there is none. */
  nextLimitResetAt: number | null;
  /** Next resets of the usage windows: UTC day, week (Monday), month. */
  resets: { day: number; week: number; month: number };
  refreshing: boolean;
}

export interface CreditMeterOptions {
  getKey: (signal?: AbortSignal) => Promise<CreditsKeyInfo>;
  now?: () => number;
  /** Minimum spacing of refreshes caused by completions. */
  completionIntervalMs?: number;
  /** Runs `fn` after `ms`; returns a cancel function. Defaults to an unref'd setTimeout. */
  schedule?: (fn: () => void, ms: number) => () => void;
}

export const COMPLETION_REFRESH_INTERVAL_MS = 30_000;

interface LocalCharge {
  at: number;
  cost: number;
}

const defaultSchedule = (fn: () => void, ms: number): (() => void) => {
  const t = setTimeout(fn, ms);
  t.unref?.();
  return () => clearTimeout(t);
};

function sum(charges: readonly LocalCharge[], from = -Infinity): number {
  return charges.reduce((acc, c) => (c.at >= from ? acc + c.cost : acc), 0);
}

export class CreditMeter {
  private info: CreditsKeyInfo | null = null;
  private fetchedAt: number | null = null;
  private error: AppErrorData | null = null;
  private lastAttemptAt: number | null = null;
  private charges: LocalCharge[] = [];
  private inFlight: Promise<CreditSnapshot> | null = null;
  /** A poll queued behind the one in flight (see `refresh`'s `afterInFlight`). */
  private chained: Promise<CreditSnapshot> | null = null;
  private cancelTrailing: (() => void) | null = null;
  private disposed = false;
  private readonly listeners = new Set<(s: CreditSnapshot) => void>();
  private readonly now: () => number;
  private readonly interval: number;
  private readonly schedule: (fn: () => void, ms: number) => () => void;

  constructor(private readonly opts: CreditMeterOptions) {
    this.now = opts.now ?? Date.now;
    this.interval = opts.completionIntervalMs ?? COMPLETION_REFRESH_INTERVAL_MS;
    this.schedule = opts.schedule ?? defaultSchedule;
  }

  onUpdate(cb: (s: CreditSnapshot) => void): () => void {
    this.listeners.add(cb);
    return () => {
      this.listeners.delete(cb);
    };
  }

  /**
   * Polls the gateway unless a completion-driven poll would come too soon. Never rejects.
   * A poll already in flight is shared, unless `afterInFlight` is set: then one more
   * poll follows it (once, however many callers ask), because the answer in flight
   * may predate the event that asked (a 402 means the numbers just changed).
   */
  refresh(reason: RefreshReason, opts: { afterInFlight?: boolean } = {}): Promise<CreditSnapshot> {
    const now = this.now();
    if (reason === 'completion' && this.lastAttemptAt !== null && now - this.lastAttemptAt < this.interval) {
      this.scheduleTrailing(this.lastAttemptAt + this.interval - now);
      return Promise.resolve(this.snapshot());
    }
    if (this.inFlight) {
      if (!opts.afterInFlight) return this.inFlight;
      this.chained ??= this.inFlight.then(() => {
        this.chained = null;
        // A meter replaced meanwhile (the key changed) has nobody left to tell.
        return this.disposed ? this.snapshot() : this.refresh(reason);
      });
      return this.chained;
    }
    this.cancelTrailing?.();
    this.cancelTrailing = null;
    this.lastAttemptAt = now;
    const startedAt = now;
    this.inFlight = (async () => {
      try {
        const info = await this.opts.getKey();
        this.info = info;
        this.fetchedAt = this.now();
        this.error = null;
        // The poll already counts what was spent before it started.
        this.charges = this.charges.filter((c) => c.at >= startedAt);
      } catch (e) {
        this.error = toErrorData(e);
      } finally {
        this.inFlight = null;
      }
      const s = this.snapshot();
      this.emit(s);
      return s;
    })();
    return this.inFlight;
  }

  /** A completion's `usage.cost`: shown as spent until the next poll replaces the estimate. */
  applyLocalCost(cost: number | undefined): void {
    if (cost === undefined || !Number.isFinite(cost) || cost <= 0) return;
    this.charges.push({ at: this.now(), cost });
    this.emit(this.snapshot());
  }

  snapshot(): CreditSnapshot {
    const now = this.now();
    const w = usageWindows(now);
    const info = this.info && this.fetchedAt !== null ? this.view(this.info, this.fetchedAt, now) : null;
    return {
      state: this.info === null ? 'empty' : this.error ? 'stale' : 'fresh',
      info,
      fetchedAt: this.fetchedAt,
      ageMs: this.fetchedAt === null ? null : Math.max(0, now - this.fetchedAt),
      error: this.error,
      localCost: sum(this.charges),
      keyState: this.keyState(info, now),
      nextLimitResetAt: info && info.limit !== null ? nextLimitReset(info.limitReset, now) : null,
      resets: { day: w.day.end, week: w.week.end, month: w.month.end },
      refreshing: this.inFlight !== null,
    };
  }

  dispose(): void {
    this.disposed = true;
    this.cancelTrailing?.();
    this.cancelTrailing = null;
    this.listeners.clear();
  }

  private scheduleTrailing(ms: number): void {
    if (this.cancelTrailing) return;
    this.cancelTrailing = this.schedule(() => {
      this.cancelTrailing = null;
      void this.refresh('completion');
    }, ms);
  }

  private keyState(info: CreditsKeyInfo | null, now: number): KeyState {
    const expired = info !== null && info.expiresAt !== null && Date.parse(info.expiresAt) <= now;
    // The gateway answers an expired key with a bare 401: the last known expiry tells it apart.
    if (this.error?.code === 'invalid_key') return expired ? 'expired' : 'invalid';
    if (!info) return 'unknown';
    if (info.disabled) return 'disabled';
    if (expired) return 'expired';
    return 'active';
  }

  /**
   * The polled info as it stands now: local charges added, and any usage window
   * or cap period that ended since the poll started over from zero.
   */
  private view(base: CreditsKeyInfo, fetchedAt: number, now: number): CreditsKeyInfo {
    const then = usageWindows(fetchedAt);
    const cur = usageWindows(now);
    const roll = (value: number, old: UtcWindow, current: UtcWindow): number =>
      (current.start > old.start ? 0 : value) + sum(this.charges, current.start);
    let limitRemaining = base.limitRemaining;
    if (base.limit !== null && limitRemaining !== null) {
      const oldCap = limitWindow(base.limitReset, fetchedAt);
      const curCap = limitWindow(base.limitReset, now);
      const capRolled = oldCap !== null && curCap !== null && curCap.start > oldCap.start;
      const spent = capRolled && curCap ? sum(this.charges, curCap.start) : sum(this.charges);
      limitRemaining = Math.max(0, (capRolled ? base.limit : limitRemaining) - spent);
    }
    return {
      ...base,
      limitRemaining,
      usage: {
        total: base.usage.total + sum(this.charges),
        daily: roll(base.usage.daily, then.day, cur.day),
        weekly: roll(base.usage.weekly, then.week, cur.week),
        monthly: roll(base.usage.monthly, then.month, cur.month),
      },
      byokUsage: {
        total: base.byokUsage.total,
        daily: cur.day.start > then.day.start ? 0 : base.byokUsage.daily,
        weekly: cur.week.start > then.week.start ? 0 : base.byokUsage.weekly,
        monthly: cur.month.start > then.month.start ? 0 : base.byokUsage.monthly,
      },
    };
  }

  private emit(s: CreditSnapshot): void {
    for (const cb of this.listeners) {
      try {
        cb(s);
      } catch {
        // A broken listener must not stop the others or the meter.
      }
    }
  }
}
