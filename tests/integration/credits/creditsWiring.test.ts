/**
 * The credit meter as the app wires it (createCore → CreditsService → contract):
 * a real core on a temp SQLite file, the real gateway client, the fake gateway
 * on 127.0.0.1, and the contract methods called through the dispatcher.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chunksText } from '../../support/chunks';
import type { PushMessage } from '../../../shared/contract';
import type { CreditsState, GatewayKeyRecord } from '../../../shared/credits';
import { keyHashOf } from '../../../electron/core/credits/creditsService';
import { completePlan, forwardPlan } from '../../../electron/core/models/modelPlan';
import { startFakeGateway, type FakeGateway } from '../../fakes/gateway';
import { callErr, callOk, over, streamEvents } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

const KEY = 'sk-or-v1-wiring-0000000000000000000000';
const MODEL = 'google/gemini-2.5-flash';
const body = { model: MODEL, messages: [{ role: 'user', content: 'こんにちは' }] };

let gw: FakeGateway;
let core: ReturnType<typeof makeTestCore>;
let pushes: CreditsState[];

const keyPolls = (): number => gw.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/key').length;
/** The contract methods as the browser-mode server calls them. */
const http = () => over(core, 'http');
const until = (pred: () => boolean) => gw.waitFor(pred, 5_000);

function startCore(env: NodeJS.ProcessEnv = {}): void {
  core = makeTestCore({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: KEY, OPENROUTER_MANAGEMENT_KEY: 'mgmt-key', ...env });
  pushes = [];
  core.bus.subscribe((m: PushMessage) => {
    if (m.event === 'credits.updated') pushes.push(m.payload as CreditsState);
  });
}

beforeEach(async () => {
  gw = await startFakeGateway({
    costPerRequest: 0.25,
    keys: [{ key: KEY, name: 'Reader', limit: 2, limitReset: 'daily', isFreeTier: false, byokUsage: 0 }],
  });
});

afterEach(async () => {
  core?.cleanupDir();
  await gw.close();
});

describe('gateway.getKey', () => {
  it('shows the fake gateway numbers with reset times, the key hash and the management state', async () => {
    startCore();
    const s = await callOk<CreditsState>(http(), 'gateway.getKey');
    expect(s).toMatchObject({ status: 'fresh', keyState: 'active', canManage: true, keyHash: keyHashOf(KEY), localCost: 0 });
    expect(s.info).toMatchObject({ label: 'Reader', limit: 2, limitRemaining: 2, limitReset: 'daily', isFreeTier: false, includeByokInLimit: false });
    const now = Date.now();
    expect(s.nextLimitResetAt).toBe(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() + 1));
    expect(s.resets.day).toBe(s.nextLimitResetAt);
    expect(s.resets.week).toBeGreaterThan(now);
    expect(s.resets.month).toBeGreaterThan(now);
    // The free-model throttle follows is_free_tier.
    expect(core.upstreams.throttle.dailyLimit).toBe(1000);
    expect(pushes.at(-1)?.status).toBe('fresh');
  });

  it('without a key: a clear no-key state and no gateway traffic', async () => {
    startCore({ OPENROUTER_API_KEY: '' });
    const s = await callOk<CreditsState>(http(), 'gateway.getKey');
    expect(s).toMatchObject({ status: 'no_key', info: null, keyHash: null, canManage: true });
    expect(gw.requests).toHaveLength(0);
  });

  it('does not poll before a UI asks: a headless completion leaves the gateway alone', async () => {
    startCore();
    await core.upstreams.client('openrouter').completeChat({ apiKey: KEY, body });
    expect(keyPolls()).toBe(0);
    expect(pushes).toHaveLength(0);
  });

  it('follows a key saved later: a new meter, polled at once, pushed', async () => {
    startCore({ OPENROUTER_API_KEY: '' });
    expect((await callOk<CreditsState>(http(), 'gateway.getKey')).status).toBe('no_key');
    await core.secrets.set('openrouter', KEY);
    await until(() => pushes.some((p) => p.status === 'fresh'));
    expect(pushes.find((p) => p.status === 'fresh')?.info?.label).toBe('Reader');
    await core.secrets.clear('openrouter');
    await until(() => pushes.at(-1)?.status === 'no_key');
  });
});

describe('meter pushes', () => {
  it('after a completion with cost: spent at once, then (spaced) polled', async () => {
    startCore();
    await callOk(http(), 'gateway.getKey');
    pushes.length = 0;
    const done = await core.upstreams.client('openrouter').completeChat({ apiKey: KEY, body });
    expect(done.cost).toBe(0.25);
    await until(() => pushes.length > 0);
    expect(pushes[0]).toMatchObject({ localCost: 0.25 });
    expect(pushes[0]?.info?.limitRemaining).toBe(1.75);
    expect(pushes[0]?.info?.usage.daily).toBe(0.25);
    // Within 30 s of the launch poll: no new poll yet, the local estimate stands.
    expect(keyPolls()).toBe(1);
  });

  it('streams report their usage.cost too', async () => {
    startCore();
    await callOk(http(), 'gateway.getKey');
    pushes.length = 0;
    const s = await core.upstreams.client('openrouter').streamChatCompletion({ apiKey: KEY, body });
    await s.collect();
    await until(() => pushes.length > 0);
    expect(pushes[0]?.info?.limitRemaining).toBe(1.75);
  });

  it('reader features (raw streams parsed outside the client) report their cost too', async () => {
    startCore();
    await callOk(http(), 'gateway.getKey');
    pushes.length = 0;
    const events = await streamEvents(http(), 'reader.translate', [{ text: '猫が好きです。' }]);
    expect(events.at(-1)?.type).toBe('done');
    await until(() => pushes.some((p) => p.localCost === 0.25));
    expect(pushes.find((p) => p.localCost === 0.25)?.info?.limitRemaining).toBe(1.75);
  });

  it("a caller's own key (browser-mode /api with Authorization) is not counted on the app key's meter", async () => {
    gw.addKey({ key: 'sk-or-v1-someone-else-000000000000000' });
    startCore();
    await callOk(http(), 'gateway.getKey');
    pushes.length = 0;
    const fwd = await forwardPlan(
      core.upstreams,
      { provider: 'openrouter', model: MODEL, task: 'chat', messages: [{ role: 'user', content: 'x' }], stream: true },
      { bearer: 'sk-or-v1-someone-else-000000000000000', signal: new AbortController().signal, timeoutMs: 5_000 },
    );
    if (!fwd.stream) throw new Error('expected a stream');
    expect(await chunksText(fwd.chunks)).toContain('[DONE]');
    await new Promise((r) => setTimeout(r, 50));
    expect(pushes).toHaveLength(0);
    expect(gw.key('sk-or-v1-someone-else-000000000000000').usage).toBe(0.25);
  });

  it("a caller's own key on a non-streamed call (completePlan, the daily sentence's path): no cost, no error on the app key's meter", async () => {
    const OTHER = 'sk-or-v1-someone-else-000000000000000';
    gw.addKey({ key: OTHER });
    startCore();
    await callOk(http(), 'gateway.getKey');
    pushes.length = 0;
    const plan = { provider: 'openrouter' as const, model: MODEL, task: 'chat' as const, messages: [{ role: 'user' as const, content: 'x' }], stream: false };
    const run = () => completePlan(core.upstreams, plan, { bearer: OTHER, signal: new AbortController().signal, timeoutMs: 5_000 });
    expect((await run()).text).toBe(gw.state.reply);
    expect(gw.key(OTHER).usage).toBe(0.25);
    // Their 402 is theirs too: the app key's meter does not poll for it.
    gw.setKey(OTHER, { limit: 0.25 });
    await expect(run()).rejects.toMatchObject({ data: { code: 'insufficient_credits', status: 402 } });
    await new Promise((r) => setTimeout(r, 50));
    expect(pushes).toHaveLength(0);
    expect(keyPolls()).toBe(1);
    // The same call on the app key is metered.
    await completePlan(core.upstreams, plan, { signal: new AbortController().signal, timeoutMs: 5_000 });
    await until(() => pushes.some((p) => p.localCost === 0.25));
  });

  it('a 402 inside a stream (error chunk after the first byte) polls the gateway at once', async () => {
    startCore();
    await callOk(http(), 'gateway.getKey');
    gw.setKey(KEY, { usage_daily: 2, usage: 2, usage_weekly: 2, usage_monthly: 2 });
    gw.script({ kind: 'midStreamError', text: '猫は', code: 402, message: 'Key limit exceeded (daily limit). Manage it using https://openrouter.ai/settings/keys' });
    const events = await streamEvents(http(), 'reader.translate', [{ text: '猫が好きです。' }]);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: 'error', error: { code: 'mid_stream_error', status: 402 } });
    await until(() => keyPolls() === 2 && pushes.some((p) => p.info?.limitRemaining === 0));
  });

  it('right after a 402: polls the gateway and pushes the exhausted cap', async () => {
    startCore();
    await callOk(http(), 'gateway.getKey');
    gw.setKey(KEY, { usage_daily: 2, usage: 2, usage_weekly: 2, usage_monthly: 2 });
    const e = await core.upstreams
      .client('openrouter')
      .completeChat({ apiKey: KEY, body })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ data: { code: 'insufficient_credits', status: 402 } });
    await until(() => keyPolls() === 2 && pushes.some((p) => p.info?.limitRemaining === 0));
    const last = pushes.at(-1);
    expect(last).toMatchObject({ status: 'fresh' });
    expect(last?.info?.limitRemaining).toBe(0);
  });

  it('offline: the last known value stays, with its age and the reason, never a crash', async () => {
    startCore();
    await callOk(http(), 'gateway.getKey');
    await gw.close();
    await new Promise((r) => setTimeout(r, 20));
    const s = await callOk<CreditsState>(http(), 'gateway.refresh', 'manual');
    expect(s.status).toBe('stale');
    expect(s.info?.limitRemaining).toBe(2);
    expect(s.error?.code).toBe('offline');
    expect(s.ageMs).toBeGreaterThanOrEqual(20);
    expect(pushes.at(-1)?.status).toBe('stale');
    // Restarted for afterEach's close().
    gw = await startFakeGateway();
  });

  it('offline from the start: an empty state that says why', async () => {
    await gw.close();
    startCore();
    const s = await callOk<CreditsState>(http(), 'gateway.getKey');
    expect(s).toMatchObject({ status: 'empty', info: null });
    expect(s.error?.code).toBe('offline');
    gw = await startFakeGateway();
  });

  it('a key disabled elsewhere shows as invalid on the next poll', async () => {
    startCore();
    await callOk(http(), 'gateway.getKey');
    gw.setKey(KEY, { disabled: true });
    const s = await callOk<CreditsState>(http(), 'gateway.refresh', 'manual');
    expect(s).toMatchObject({ status: 'stale', keyState: 'invalid' });
    expect(s.error).toMatchObject({ code: 'invalid_key', status: 401 });
    expect(s.info?.label).toBe('Reader');
  });
});

describe('gateway.updateKey', () => {
  it('validates before sending: empty, negative cap, unknown reset, blank name', async () => {
    startCore();
    const hash = keyHashOf(KEY);
    const empty = await callErr(http(), 'gateway.updateKey', hash, {});
    expect(empty.code).toBe('bad_request');
    expect(JSON.stringify(empty.details)).toContain('No update fields provided');
    expect((await callErr(http(), 'gateway.updateKey', hash, { limit: -1 })).code).toBe('bad_request');
    expect((await callErr(http(), 'gateway.updateKey', hash, { limit_reset: 'yearly' })).code).toBe('bad_request');
    expect((await callErr(http(), 'gateway.updateKey', hash, { name: '   ' })).code).toBe('bad_request');
    expect((await callErr(http(), 'gateway.updateKey', '../key', { name: 'x' })).code).toBe('bad_request');
    expect(gw.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('PATCHes the fake end to end with the management key, only accepted fields, then refreshes the meter', async () => {
    startCore();
    await callOk(http(), 'gateway.getKey');
    const hash = keyHashOf(KEY);
    const record = await callOk<GatewayKeyRecord>(http(), 'gateway.updateKey', hash, {
      name: 'Study key',
      limit: 5,
      limit_reset: 'weekly',
      include_byok_in_limit: true,
      workspace_id: 'elsewhere',
    });
    expect(record).toMatchObject({ hash, name: 'Study key', label: 'Study key', limit: 5, limit_reset: 'weekly', include_byok_in_limit: true });
    const patch = gw.requests.find((r) => r.method === 'PATCH');
    expect(patch?.headers.authorization).toBe('Bearer mgmt-key');
    expect(patch?.body).toEqual({ name: 'Study key', limit: 5, limit_reset: 'weekly', include_byok_in_limit: true });
    const s = await callOk<CreditsState>(http(), 'gateway.getKey');
    expect(s.info).toMatchObject({ label: 'Study key', limit: 5, limitReset: 'weekly', includeByokInLimit: true });
    expect(keyPolls()).toBe(2);

    // Clearing the cap: limit null and no reset.
    await callOk(http(), 'gateway.updateKey', hash, { limit: null, limit_reset: null });
    const cleared = await callOk<CreditsState>(http(), 'gateway.getKey');
    expect(cleared.info).toMatchObject({ limit: null, limitRemaining: null, limitReset: null });
    expect(cleared.nextLimitResetAt).toBeNull();
  });

  it("shows the server's own error text as is", async () => {
    startCore();
    gw.script({ path: '/keys', kind: 'error', status: 400, message: 'No update fields provided' });
    const e = await callErr(http(), 'gateway.updateKey', keyHashOf(KEY), { name: 'x' });
    expect(e).toMatchObject({ code: 'bad_request', status: 400, message: 'No update fields provided' });
  });

  it('disabling the app key: the meter says disabled; enabling it again brings it back', async () => {
    startCore();
    await callOk(http(), 'gateway.getKey');
    const hash = keyHashOf(KEY);
    expect(await callOk<GatewayKeyRecord>(http(), 'gateway.updateKey', hash, { disabled: true })).toMatchObject({ disabled: true });
    const off = await callOk<CreditsState>(http(), 'gateway.getKey');
    expect(off).toMatchObject({ keyState: 'disabled', status: 'stale' });
    await callOk(http(), 'gateway.updateKey', hash, { disabled: false });
    expect(await callOk<CreditsState>(http(), 'gateway.getKey')).toMatchObject({ keyState: 'active', status: 'fresh' });
  });

  it('without a management key: a clear error, nothing sent', async () => {
    startCore({ OPENROUTER_MANAGEMENT_KEY: '' });
    expect((await callOk<CreditsState>(http(), 'gateway.getKey')).canManage).toBe(false);
    const e = await callErr(http(), 'gateway.updateKey', keyHashOf(KEY), { name: 'x' });
    expect(e.code).toBe('missing_key');
    expect(gw.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });
});
