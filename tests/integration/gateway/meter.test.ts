/**
 * The credit meter fed by the real client and the fake gateway: it shows the
 * fake's numbers, follows spending live through usage.cost, polls after
 * completions at most once per 30 s, polls right after a 402, and keeps the last
 * value when the gateway cannot be reached.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient, type GatewayClient } from '../../../electron/core/gateway/client';
import { CreditMeter } from '../../../electron/core/gateway/meter';
import { startFakeGateway, type FakeGateway } from '../../fakes/gateway';

const KEY = 'sk-or-v1-meter-000000000000000000000';
const MODEL = 'google/gemini-2.5-flash';
const T0 = Date.parse('2025-06-11T10:00:00Z');

let gw: FakeGateway;
let client: GatewayClient;
let meter: CreditMeter;
let clock: { t: number; now: () => number; random: () => number; sleep: (ms: number) => Promise<void> };
let polls: number;

beforeEach(async () => {
  clock = {
    t: T0,
    now: () => clock.t,
    random: () => 0.5,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
  };
  gw = await startFakeGateway({ now: clock.now, costPerRequest: 0.25, keys: [{ key: KEY, name: 'Reader', limit: 2, limitReset: 'daily', isFreeTier: false }] });
  polls = 0;
  client = createGatewayClient({
    baseUrl: gw.baseUrl,
    clock,
    onCost: (c) => meter.applyLocalCost(c),
    onError: (e) => {
      if (e.status === 402) void meter.refresh('after-402');
    },
  });
  meter = new CreditMeter({
    now: clock.now,
    schedule: () => () => undefined,
    getKey: (signal) => {
      polls++;
      return client.getKey(KEY, signal);
    },
  });
});

afterEach(async () => {
  meter.dispose();
  await gw.close();
});

const body = { model: MODEL, messages: [{ role: 'user', content: 'こんにちは' }] };

describe('credit meter against the fake gateway', () => {
  it('shows the gateway numbers, then follows spending locally until the next poll', async () => {
    const first = await meter.refresh('launch');
    expect(first).toMatchObject({ state: 'fresh', keyState: 'active' });
    expect(first.info).toMatchObject({ limit: 2, limitRemaining: 2, limitReset: 'daily', isFreeTier: false });
    expect(new Date(first.nextLimitResetAt ?? 0).toISOString()).toBe('2025-06-12T00:00:00.000Z');

    clock.t += 5_000;
    const s = await client.streamChatCompletion({ apiKey: KEY, body });
    await s.collect();
    const local = meter.snapshot();
    expect(local.localCost).toBe(0.25);
    expect(local.info?.limitRemaining).toBe(1.75);
    expect(local.info?.usage.daily).toBe(0.25);

    // within 30 s of the last poll: no new poll, the local estimate stands
    await meter.refresh('completion');
    expect(polls).toBe(1);

    clock.t += 30_000;
    const polled = await meter.refresh('completion');
    expect(polls).toBe(2);
    expect(polled.localCost).toBe(0);
    expect(polled.info?.limitRemaining).toBe(gw.key(KEY).limit_remaining);
    expect(polled.info?.limitRemaining).toBe(1.75);
  });

  it('polls right after a 402 and then shows the exhausted cap', async () => {
    await meter.refresh('launch');
    gw.setKey(KEY, { limit: 0.25 });
    await client.completeChat({ apiKey: KEY, body });
    const e = await client.completeChat({ apiKey: KEY, body }).catch((x: unknown) => x);
    expect(e).toMatchObject({ data: { code: 'insufficient_credits' } });
    await gw.waitFor(() => polls === 2);
    await gw.waitFor(() => meter.snapshot().refreshing === false);
    expect(meter.snapshot().info?.limitRemaining).toBe(0);
  });

  it('offline: keeps the last value with its age and the error', async () => {
    await meter.refresh('launch');
    for (let i = 0; i < 4; i++) gw.script({ path: '/key', kind: 'error', status: 503, message: 'down' });
    clock.t += 60_000;
    const s = await meter.refresh('focus');
    expect(s.state).toBe('stale');
    expect(s.error).toMatchObject({ code: 'upstream_unavailable', status: 503 });
    expect(s.info?.limitRemaining).toBe(2);
    expect(s.ageMs).toBeGreaterThanOrEqual(60_000);
  });

  it('a key disabled through PATCH shows as invalid on the next poll', async () => {
    await meter.refresh('launch');
    await client.updateKey('mgmt-key', gw.key(KEY).hash, { disabled: true });
    const s = await meter.refresh('key-changed');
    expect(s.keyState).toBe('invalid');
    expect(s.state).toBe('stale');
    expect(s.info?.label).toBe('Reader');
  });
});
