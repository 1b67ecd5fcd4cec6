import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/result';
import type { CreditsKeyInfo } from '../../../shared/credits';
import { CreditMeter, type CreditSnapshot } from '../../../electron/core/gateway/meter';
import { keyInfo } from '../../support/keyInfo';

const T0 = Date.parse('2025-06-11T10:00:00Z'); // a Wednesday

const info = (over: Partial<CreditsKeyInfo> = {}): CreditsKeyInfo => keyInfo({ limitRemaining: 6, usage: { total: 40, daily: 4, weekly: 9, monthly: 20 }, byokUsage: { total: 1, daily: 0.5, weekly: 0.5, monthly: 1 }, isFreeTier: false, ...over });

function setup(answers: Array<CreditsKeyInfo | Error> = []) {
  const env = {
    t: T0,
    calls: 0,
    answers,
    scheduled: [] as Array<{ fn: () => void; ms: number; cancelled: boolean }>,
    updates: [] as CreditSnapshot[],
  };
  const meter = new CreditMeter({
    now: () => env.t,
    getKey: async () => {
      env.calls++;
      const a = env.answers.shift() ?? info();
      if (a instanceof Error) throw a;
      return a;
    },
    schedule: (fn, ms) => {
      const entry = { fn, ms, cancelled: false };
      env.scheduled.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  });
  meter.onUpdate((s) => env.updates.push(s));
  return { meter, env };
}

describe('CreditMeter', () => {
  it('starts empty, then holds the polled info as fresh and pushes it', async () => {
    const { meter, env } = setup([info()]);
    expect(meter.snapshot()).toMatchObject({ state: 'empty', info: null, fetchedAt: null, keyState: 'unknown' });
    const s = await meter.refresh('launch');
    expect(s).toMatchObject({ state: 'fresh', fetchedAt: T0, ageMs: 0, error: null, keyState: 'active' });
    expect(s.info?.limitRemaining).toBe(6);
    expect(env.updates).toHaveLength(1);
  });

  it('subtracts a completion cost locally until the next poll', async () => {
    const { meter, env } = setup([info(), info({ limitRemaining: 5.5 })]);
    await meter.refresh('launch');
    meter.applyLocalCost(0.25);
    meter.applyLocalCost(0.25);
    const s = meter.snapshot();
    expect(s.localCost).toBeCloseTo(0.5);
    expect(s.info?.limitRemaining).toBeCloseTo(5.5);
    expect(s.info?.usage.daily).toBeCloseTo(4.5);
    expect(s.info?.usage.total).toBeCloseTo(40.5);
    expect(env.updates).toHaveLength(3);
    env.t += 31_000;
    const after = await meter.refresh('completion');
    expect(after.localCost).toBe(0);
    expect(after.info?.limitRemaining).toBe(5.5);
  });

  it('ignores missing, zero or negative costs', async () => {
    const { meter, env } = setup();
    await meter.refresh('launch');
    meter.applyLocalCost(undefined);
    meter.applyLocalCost(0);
    meter.applyLocalCost(-1);
    meter.applyLocalCost(Number.NaN);
    expect(meter.snapshot().localCost).toBe(0);
    expect(env.updates).toHaveLength(1);
  });

  it('never shows less than zero left', async () => {
    const { meter } = setup([info({ limitRemaining: 0.1 })]);
    await meter.refresh('launch');
    meter.applyLocalCost(1);
    expect(meter.snapshot().info?.limitRemaining).toBe(0);
  });

  it('keeps an uncapped key uncapped', async () => {
    const { meter } = setup([info({ limit: null, limitRemaining: null, limitReset: null })]);
    await meter.refresh('launch');
    meter.applyLocalCost(1);
    const s = meter.snapshot();
    expect(s.info?.limitRemaining).toBeNull();
    expect(s.nextLimitResetAt).toBeNull();
  });

  it('polls after completions at most once per 30 s, with one trailing poll', async () => {
    const { meter, env } = setup();
    await meter.refresh('launch');
    env.t += 10_000;
    await meter.refresh('completion');
    await meter.refresh('completion');
    expect(env.calls).toBe(1);
    expect(env.scheduled).toHaveLength(1);
    expect(env.scheduled[0]?.ms).toBe(20_000);
    env.t += 20_000;
    env.scheduled[0]?.fn();
    await Promise.resolve();
    expect(env.calls).toBe(2);
    env.t += 30_000;
    await meter.refresh('completion');
    expect(env.calls).toBe(3);
  });

  it.each(['launch', 'focus', 'after-402', 'manual', 'key-changed'] as const)('always polls for %s', async (reason) => {
    const { meter, env } = setup();
    await meter.refresh('launch');
    env.t += 1_000;
    await meter.refresh(reason);
    expect(env.calls).toBe(2);
  });

  it('a forced poll cancels the pending trailing one', async () => {
    const { meter, env } = setup();
    await meter.refresh('launch');
    env.t += 1_000;
    await meter.refresh('completion');
    await meter.refresh('after-402');
    expect(env.scheduled[0]?.cancelled).toBe(true);
  });

  it('joins concurrent refreshes into one call', async () => {
    const { meter, env } = setup();
    const [a, b] = await Promise.all([meter.refresh('launch'), meter.refresh('focus')]);
    expect(env.calls).toBe(1);
    expect(a).toEqual(b);
  });

  it('on failure keeps the last value with its age, and never rejects', async () => {
    const { meter, env } = setup([info(), new AppError({ code: 'offline', message: 'fetch failed' })]);
    await meter.refresh('launch');
    env.t += 120_000;
    const s = await meter.refresh('focus');
    expect(s.state).toBe('stale');
    expect(s.ageMs).toBe(120_000);
    expect(s.error).toMatchObject({ code: 'offline' });
    expect(s.info?.limitRemaining).toBe(6);
    const next = await meter.refresh('focus');
    expect(next.state).toBe('fresh');
    expect(next.error).toBeNull();
  });

  it('failing before any success stays empty with the error', async () => {
    const { meter } = setup([new Error('boom')]);
    const s = await meter.refresh('launch');
    expect(s).toMatchObject({ state: 'empty', info: null, error: { code: 'internal', message: 'boom' } });
  });

  it('tells the key state: invalid, disabled, expired', async () => {
    const invalid = setup([new AppError({ code: 'invalid_key', message: 'User not found.', status: 401 })]);
    expect((await invalid.meter.refresh('launch')).keyState).toBe('invalid');
    const disabled = setup([info({ disabled: true })]);
    expect((await disabled.meter.refresh('launch')).keyState).toBe('disabled');
    const expired = setup([info({ expiresAt: new Date(T0 - 1).toISOString() })]);
    expect((await expired.meter.refresh('launch')).keyState).toBe('expired');
  });

  it('a 401 after a poll that showed an expiry now past: expired, not invalid', async () => {
    const expiresAt = new Date(T0 + 60_000).toISOString();
    const unauthorized = () => new AppError({ code: 'invalid_key', message: 'API key has expired.', status: 401 });
    const { meter, env } = setup([info({ expiresAt }), unauthorized(), unauthorized()]);
    expect((await meter.refresh('launch')).keyState).toBe('active');
    env.t = T0 + 30_000;
    // Still in the future: a 401 means something else (disabled elsewhere, deleted).
    expect((await meter.refresh('manual')).keyState).toBe('invalid');
    env.t = T0 + 61_000;
    const s = await meter.refresh('manual');
    expect(s).toMatchObject({ state: 'stale', keyState: 'expired', error: { code: 'invalid_key' } });
  });

  it('afterInFlight: one more poll follows the one in flight, however many ask', async () => {
    const { meter, env } = setup();
    const first = meter.refresh('focus');
    const a = meter.refresh('after-402', { afterInFlight: true });
    const b = meter.refresh('after-402', { afterInFlight: true });
    // A plain refresh still shares the poll in flight.
    expect(meter.refresh('manual')).toBe(first);
    await Promise.all([first, a, b]);
    expect(env.calls).toBe(2);
    // Nothing in flight: it is an ordinary poll.
    await meter.refresh('after-402', { afterInFlight: true });
    expect(env.calls).toBe(3);
  });

  it('gives the next reset times', async () => {
    const { meter } = setup([info({ limitReset: 'weekly' })]);
    const s = await meter.refresh('launch');
    expect(new Date(s.nextLimitResetAt ?? 0).toISOString()).toBe('2025-06-16T00:00:00.000Z');
    expect(new Date(s.resets.day).toISOString()).toBe('2025-06-12T00:00:00.000Z');
    expect(new Date(s.resets.week).toISOString()).toBe('2025-06-16T00:00:00.000Z');
    expect(new Date(s.resets.month).toISOString()).toBe('2025-07-01T00:00:00.000Z');
  });

  it('starts usage windows and a daily cap over once midnight has passed since the poll', async () => {
    const { meter, env } = setup([info({ limit: 10, limitRemaining: 1, limitReset: 'daily' })]);
    env.t = Date.parse('2025-06-11T23:59:00Z');
    await meter.refresh('launch');
    env.t = Date.parse('2025-06-12T00:01:00Z');
    meter.applyLocalCost(0.5);
    const s = meter.snapshot();
    expect(s.info?.usage.daily).toBe(0.5);
    expect(s.info?.usage.weekly).toBeCloseTo(9.5);
    expect(s.info?.limitRemaining).toBeCloseTo(9.5);
    expect(s.info?.byokUsage.daily).toBe(0);
  });

  it('keeps costs spent while a poll is in flight', async () => {
    let release: (v: CreditsKeyInfo) => void = () => undefined;
    const env = { t: T0 };
    const meter = new CreditMeter({
      now: () => env.t,
      getKey: () =>
        new Promise<CreditsKeyInfo>((r) => {
          release = r;
        }),
    });
    meter.applyLocalCost(1); // before the poll: the poll counts it
    env.t += 10;
    const p = meter.refresh('launch');
    env.t += 10;
    meter.applyLocalCost(0.25); // during the poll: may not be counted yet
    release(info({ limitRemaining: 5 }));
    const s = await p;
    expect(s.localCost).toBe(0.25);
    expect(s.info?.limitRemaining).toBe(4.75);
  });

  it('stops pushing after unsubscribe, and a throwing listener does not break others', async () => {
    const { meter, env } = setup();
    const seen: number[] = [];
    meter.onUpdate(() => {
      throw new Error('bad listener');
    });
    const off = meter.onUpdate(() => seen.push(1));
    await meter.refresh('launch');
    off();
    await meter.refresh('focus');
    expect(seen).toEqual([1]);
    expect(env.updates).toHaveLength(2);
  });
});
