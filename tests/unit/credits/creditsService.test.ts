/**
 * CreditsService on a fake clock with a scripted client: when it polls, what it
 * pushes, how it follows key changes. The wiring against the real client and
 * the fake gateway is in tests/integration/credits.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreditsKeyInfo, CreditsState } from '../../../shared/credits';
import type { SecretName } from '../../../shared/secrets';
import { CreditsService, keyHashOf } from '../../../electron/core/credits/creditsService';
import { GatewayError } from '../../../electron/core/gateway/errors';
import { keyInfo } from '../../support/keyInfo';

const T0 = Date.parse('2025-03-31T23:59:00Z'); // a Monday night: day, week and month all end at the next minute

const info = (over: Partial<CreditsKeyInfo> = {}): CreditsKeyInfo => keyInfo({ limitRemaining: 8, limitReset: 'monthly', usage: { total: 2, daily: 1, weekly: 2, monthly: 2 }, ...over });

let t: number;
let polls: string[];
let updates: Array<{ mgmt: string; hash: string; patch: unknown }>;
let answer: () => Promise<CreditsKeyInfo>;
let keys: Partial<Record<SecretName, string>>;
let secretListeners: Array<(n: SecretName | null) => void>;
let pushes: CreditsState[];
let freeTier: boolean[];
let scheduled: Array<{ fn: () => void; at: number }>;
let svc: CreditsService;

beforeEach(() => {
  t = T0;
  polls = [];
  updates = [];
  answer = async () => info();
  keys = { openrouter: 'sk-one' };
  secretListeners = [];
  pushes = [];
  freeTier = [];
  scheduled = [];
  svc = new CreditsService({
    client: {
      getKey: (apiKey) => {
        polls.push(apiKey);
        return answer();
      },
      updateKey: async (mgmt, hash, patch) => {
        updates.push({ mgmt, hash, patch });
        return { ...record(hash), ...(patch as object) };
      },
    },
    secrets: {
      resolve: async (name) => keys[name],
      onChange: (l) => {
        secretListeners.push(l);
        return () => undefined;
      },
    },
    bus: { emit: (_e, payload) => void pushes.push(payload as CreditsState) },
    throttle: { setFreeTier: (v) => void freeTier.push(v) },
    now: () => t,
    minEventSpacingMs: 3_000,
    schedule: (fn, ms) => {
      const entry = { fn, at: t + ms };
      scheduled.push(entry);
      return () => void scheduled.splice(scheduled.indexOf(entry), 1);
    },
  });
});

function record(hash: string) {
  return {
    hash,
    name: 'Reader',
    label: 'Reader',
    disabled: false,
    limit: 10,
    limit_reset: 'monthly' as const,
    limit_remaining: 8,
    include_byok_in_limit: false,
    usage: 2,
    usage_daily: 1,
    usage_weekly: 2,
    usage_monthly: 2,
    byok_usage: 0,
    byok_usage_daily: 0,
    byok_usage_weekly: 0,
    byok_usage_monthly: 0,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: null,
    creator_user_id: 'u',
    workspace_id: 'w',
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('CreditsService', () => {
  it('polls once at launch; concurrent first calls share the poll', async () => {
    const [a, b] = await Promise.all([svc.getKey(), svc.getKey()]);
    expect(polls).toEqual(['sk-one']);
    expect(a.status).toBe('fresh');
    expect(b.info?.limitRemaining).toBe(8);
    expect(a.nextLimitResetAt).toBe(Date.parse('2025-04-01T00:00:00Z'));
    expect(a.resets).toEqual({ day: Date.parse('2025-04-01T00:00:00Z'), week: Date.parse('2025-04-07T00:00:00Z'), month: Date.parse('2025-04-01T00:00:00Z') });
    expect(freeTier).toEqual([true]);
    await svc.getKey();
    expect(polls).toHaveLength(1);
  });

  it('completions: local cost at once, a poll at most every 30 s, with one trailing poll', async () => {
    await svc.getKey();
    t += 10_000;
    svc.onCost(0.5);
    expect(pushes.at(-1)?.info?.limitRemaining).toBe(7.5);
    expect(polls).toHaveLength(1);
    // the trailing poll is due 30 s after the launch poll
    expect(scheduled.map((s) => s.at)).toEqual([T0 + 30_000]);
    svc.onCost(0.25);
    expect(scheduled).toHaveLength(1);
    expect(pushes.at(-1)?.localCost).toBe(0.75);
    t = T0 + 30_000;
    scheduled[0]?.fn();
    await flush();
    expect(polls).toHaveLength(2);
    t += 31_000;
    svc.onCost(0.1);
    await flush();
    expect(polls).toHaveLength(3);
  });

  it('a completion without usage.cost still polls (spaced like the others)', async () => {
    await svc.getKey();
    t += 31_000;
    svc.onCost(undefined);
    await flush();
    expect(polls).toHaveLength(2);
    expect(pushes.at(-1)?.localCost).toBe(0);
    t += 1_000;
    svc.onCost(undefined);
    await flush();
    expect(polls).toHaveLength(2);
    expect(scheduled.map((s) => s.at)).toEqual([t - 1_000 + 30_000]);
  });

  it('a 402 or 401 from a completion polls right away, a 429 does not; bursts are spaced', async () => {
    await svc.getKey();
    const e = (status: number) => new GatewayError({ kind: 'http', status, message: 'x', retryable: false });
    svc.onGatewayError(e(429));
    expect(polls).toHaveLength(1);
    svc.onGatewayError(e(402));
    svc.onGatewayError(e(402));
    await flush();
    expect(polls).toHaveLength(2);
    t += 3_000;
    svc.onGatewayError(e(401));
    await flush();
    expect(polls).toHaveLength(3);
  });

  it('a 402 right after a focus poll still polls: its own slot, chained after a poll in flight', async () => {
    await svc.getKey();
    const e402 = new GatewayError({ kind: 'http', status: 402, message: 'Insufficient credits', retryable: false });
    await svc.refresh('focus');
    expect(polls).toHaveLength(2);
    t += 1_000;
    svc.onGatewayError(e402);
    await flush();
    expect(polls).toHaveLength(3);

    // A focus poll in flight when the 402 arrives: one more poll after it, not a shared answer.
    let release: () => void = () => undefined;
    answer = () => new Promise((r) => (release = () => r(info())));
    t += 5_000;
    const focus = svc.refresh('focus');
    await flush();
    expect(polls).toHaveLength(4);
    t += 500;
    svc.onGatewayError(e402);
    await flush();
    expect(polls).toHaveLength(4);
    answer = async () => info({ limitRemaining: 0 });
    release();
    await focus;
    await flush();
    expect(polls).toHaveLength(5);
    expect(pushes.at(-1)?.info?.limitRemaining).toBe(0);
  });

  it('focus polls are spaced; manual ones always poll', async () => {
    await svc.getKey();
    await svc.refresh('focus');
    expect(polls).toHaveLength(2);
    t += 1_000;
    await svc.refresh('focus');
    expect(polls).toHaveLength(2);
    await svc.refresh('manual');
    expect(polls).toHaveLength(3);
  });

  it('a failing poll keeps the last value with its age', async () => {
    await svc.getKey();
    answer = async () => {
      throw new GatewayError({ kind: 'network', message: 'fetch failed', retryable: true });
    };
    t += 45_000;
    const s = await svc.refresh('manual');
    expect(s).toMatchObject({ status: 'stale', ageMs: 45_000, error: { code: 'offline', message: 'fetch failed' } });
    expect(s.info?.limitRemaining).toBe(8);
    // Past UTC midnight (also the month's end) the monthly cap has started over, even offline.
    t += 30_000;
    expect(svc.state().info?.limitRemaining).toBe(10);
  });

  it('a new key: new meter, immediate poll, push; the hash follows', async () => {
    await svc.getKey();
    expect(svc.state().keyHash).toBe(keyHashOf('sk-one'));
    keys.openrouter = 'sk-two';
    answer = async () => info({ label: 'Second' });
    for (const l of secretListeners) l('openrouter');
    await flush();
    await flush();
    expect(polls).toEqual(['sk-one', 'sk-two']);
    expect(pushes.at(-1)).toMatchObject({ status: 'fresh', keyHash: keyHashOf('sk-two') });
    expect(pushes.at(-1)?.info?.label).toBe('Second');
  });

  it('the gateway-sent hash wins over the derived one', async () => {
    answer = async () => info({ hash: 'abc123' });
    expect((await svc.getKey()).keyHash).toBe('abc123');
  });

  it('no key: no meter, no poll, a no-key state', async () => {
    keys = {};
    const s = await svc.getKey();
    expect(s).toMatchObject({ status: 'no_key', keyHash: null, canManage: false });
    expect(polls).toHaveLength(0);
    svc.onCost(1);
    expect(pushes).toHaveLength(0);
  });

  it('updateKey needs the management key, then refreshes the meter', async () => {
    await svc.getKey();
    await expect(svc.updateKey(keyHashOf('sk-one'), { name: 'New' })).rejects.toMatchObject({ data: { code: 'missing_key' } });
    expect(updates).toHaveLength(0);
    keys.openrouterManagement = 'mgmt';
    const r = await svc.updateKey(keyHashOf('sk-one'), { name: 'New' });
    // The gateway is asked with the management key, for the reading key's hash, with the patch as given.
    expect(updates).toEqual([{ mgmt: 'mgmt', hash: keyHashOf('sk-one'), patch: { name: 'New' } }]);
    expect(r.name).toBe('New');
    expect(polls).toHaveLength(2);
    expect(svc.state().canManage).toBe(true);
  });
});
