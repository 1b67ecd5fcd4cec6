/**
 * The gateway client against the real-HTTP fake gateway: every status and header
 * combination of the gateway's protocol and the client's retry policy
 * (electron/core/gateway/retry.ts). The client and
 * the fake share one fake clock, so waits (Retry-After, resets, backoff) are
 * instant and deterministic while the HTTP is real.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/result';
import { sleep as realSleep } from '../../../electron/core/gateway/clock';
import { chunksText } from '../../support/chunks';
import { createGatewayClient, type ChatBody, type GatewayClient, type GatewayClientOptions } from '../../../electron/core/gateway/client';
import { GatewayError } from '../../../electron/core/gateway/errors';
import { FreeModelThrottle } from '../../../electron/core/gateway/throttle';
import { openDatabase } from '../../../electron/core/store/database';
import { startFakeGateway, type FakeGateway, type FakeGatewayOptions } from '../../fakes/gateway';

const KEY = 'sk-or-v1-test-0000000000000000000001';
const MGMT = 'mgmt-key';
const PAID = 'google/gemini-2.5-flash';
const FREE = 'meta-llama/llama-3.3-70b-instruct:free';
const T0 = Date.parse('2025-06-11T10:00:00Z');

function fakeClock() {
  const c = {
    t: T0,
    sleeps: [] as number[],
    now: () => c.t,
    random: () => 0.5,
    async sleep(ms: number, signal?: AbortSignal) {
      if (signal?.aborted) throw signal.reason;
      c.sleeps.push(ms);
      c.t += ms;
    },
  };
  return c;
}

let gw: FakeGateway;
let clock: ReturnType<typeof fakeClock>;
let client: GatewayClient;
const seenErrors: GatewayError[] = [];
const seenCosts: Array<number | undefined> = [];

async function start(opts: FakeGatewayOptions = {}, clientOpts: Partial<GatewayClientOptions> = {}): Promise<void> {
  clock = fakeClock();
  gw = await startFakeGateway({ now: clock.now, keys: [{ key: KEY, name: 'Reader', limit: null }], ...opts });
  client = createGatewayClient({
    baseUrl: gw.baseUrl,
    clock,
    onError: (e) => seenErrors.push(e),
    onCost: (c) => seenCosts.push(c),
    ...clientOpts,
  });
}

function chat(model = PAID, extra: Partial<ChatBody> = {}): ChatBody {
  return { model, messages: [{ role: 'system', content: 'You are a Japanese tutor.' }, { role: 'user', content: '猫' }], ...extra };
}

const chatPosts = (): number => gw.requests.filter((r) => r.path === '/api/v1/chat/completions').length;

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

beforeEach(async () => {
  seenErrors.length = 0;
  seenCosts.length = 0;
  await start();
});

afterEach(async () => {
  await gw.close();
});

describe('GET /key', () => {
  it('returns the validated, normalized key info and sends the key as a bearer token', async () => {
    gw.setKey(KEY, { limit: 5, limit_reset: 'daily', usage_daily: 1.25, usage: 3, byok_usage: 0.5, isFreeTier: false });
    const info = await client.getKey(KEY);
    expect(info).toMatchObject({
      label: 'Reader',
      limit: 5,
      limitRemaining: 3.75,
      limitReset: 'daily',
      usage: { total: 3, daily: 1.25 },
      byokUsage: { total: 0.5 },
      isFreeTier: false,
      disabled: false,
    });
    const req = gw.requests.at(-1);
    expect(req).toMatchObject({ method: 'GET', path: '/api/v1/key' });
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('also accepts the full record shape', async () => {
    gw.state.fullKeyInfo = true;
    const info = await client.getKey(KEY);
    expect(info.hash).toBe(gw.key(KEY).hash);
    expect(info.workspaceId).toBe(gw.key(KEY).workspace_id);
  });

  it('401 for an unknown key: invalid_key, raw message, not retried', async () => {
    const e = await failure(client.getKey('sk-nope'));
    expect(e).toBeInstanceOf(GatewayError);
    expect(e.data).toMatchObject({ code: 'invalid_key', status: 401, message: 'User not found.' });
    expect(gw.requests).toHaveLength(1);
    expect(seenErrors).toHaveLength(1);
  });

  it('refuses a response that breaks the schema', async () => {
    gw.script({ path: '/key', kind: 'raw', status: 200, body: { data: { label: 'x', limit: 'lots' } } });
    const e = await failure(client.getKey(KEY));
    expect(e.data).toMatchObject({ code: 'upstream_error', details: { invalidResponse: true } });
  });

  it('retries a 503 on GET /key', async () => {
    gw.script({ path: '/key', kind: 'error', status: 503, message: 'busy' });
    await expect(client.getKey(KEY)).resolves.toMatchObject({ label: 'Reader' });
    expect(gw.requests).toHaveLength(2);
  });
});

describe('PATCH /keys/{hash}', () => {
  it('sends only accepted fields with the management key; label follows name; updated_at changes', async () => {
    const hash = gw.key(KEY).hash;
    const first = await client.updateKey(MGMT, hash, { name: 'Study key', limit: 2, limit_reset: 'weekly', workspace_id: 'elsewhere', colour: 'red' });
    const req = gw.requests.at(-1);
    expect(req).toMatchObject({ method: 'PATCH', path: `/api/v1/keys/${hash}` });
    expect(req?.headers.authorization).toBe(`Bearer ${MGMT}`);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({ name: 'Study key', limit: 2, limit_reset: 'weekly' });
    expect(first).toMatchObject({ hash, name: 'Study key', label: 'Study key', limit: 2, limit_reset: 'weekly', limit_remaining: 2 });
    expect(first.workspace_id).toBe('0df9e665-d932-5740-b2c7-b52af166bc11');
    const second = await client.updateKey(MGMT, hash, { include_byok_in_limit: true });
    expect(second.include_byok_in_limit).toBe(true);
    expect(second.updated_at).not.toBe(first.updated_at);
    expect(Date.parse(second.updated_at ?? '')).toBeGreaterThan(Date.parse(first.updated_at ?? ''));
  });

  it('clears a cap with null', async () => {
    gw.setKey(KEY, { limit: 3 });
    const r = await client.updateKey(MGMT, gw.key(KEY).hash, { limit: null, limit_reset: null });
    expect(r).toMatchObject({ limit: null, limit_remaining: null, limit_reset: null });
  });

  it('refuses an empty or invalid patch before sending anything', async () => {
    const hash = gw.key(KEY).hash;
    const e = await failure(client.updateKey(MGMT, hash, { workspace_id: 'w' }));
    expect(e.data).toMatchObject({ code: 'bad_request', message: 'No update fields provided' });
    const bad = await failure(client.updateKey(MGMT, hash, { limit: -5 }));
    expect(bad.data.code).toBe('bad_request');
    expect(gw.requests).toHaveLength(0);
  });

  it('the fake itself answers 400 No update fields provided and ignores unknown fields', async () => {
    const hash = gw.key(KEY).hash;
    const res = await fetch(`${gw.baseUrl}/keys/${hash}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${MGMT}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ workspace_id: 'moved', foo: 1 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 400, message: 'No update fields provided' } });
    const ok = await fetch(`${gw.baseUrl}/keys/${hash}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${MGMT}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ workspace_id: 'moved', disabled: false }),
    });
    expect(ok.status).toBe(200);
    expect(gw.key(KEY).workspace_id).toBe('0df9e665-d932-5740-b2c7-b52af166bc11');
  });

  it('a server 400 reaches the caller with its raw message and is not retried', async () => {
    gw.script({ path: '/keys', kind: 'error', status: 400, message: 'No update fields provided' });
    const e = await failure(client.updateKey(MGMT, gw.key(KEY).hash, { name: 'x' }));
    expect(e.data).toMatchObject({ code: 'bad_request', status: 400, message: 'No update fields provided' });
    expect(gw.requests).toHaveLength(1);
  });

  it('needs the management key: the API key itself gets 401', async () => {
    const e = await failure(client.updateKey(KEY, gw.key(KEY).hash, { name: 'x' }));
    expect(e.data).toMatchObject({ code: 'invalid_key', status: 401 });
    expect(gw.requests).toHaveLength(1);
  });

  it('404 for an unknown hash', async () => {
    const e = await failure(client.updateKey(MGMT, 'no-such-hash', { name: 'x' }));
    expect(e.data).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('disabling a key makes its next call 401; enabling restores it', async () => {
    const hash = gw.key(KEY).hash;
    const r = await client.updateKey(MGMT, hash, { disabled: true });
    expect(r.disabled).toBe(true);
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat() }));
    expect(e.data).toMatchObject({ code: 'invalid_key', status: 401 });
    expect((await failure(client.getKey(KEY))).data.code).toBe('invalid_key');
    await client.updateKey(MGMT, hash, { disabled: false });
    await expect(client.getKey(KEY)).resolves.toMatchObject({ disabled: false });
  });
});

describe('chat completions: success', () => {
  it('completeChat returns the text and usage.cost, and the fake charges the key', async () => {
    gw.state.reply = 'ねこ は 猫 です。';
    gw.state.costPerRequest = 0.002;
    const r = await client.completeChat({ apiKey: KEY, body: chat(PAID, { response_format: { type: 'json_schema', json_schema: { name: 'x', strict: true, schema: {} } } }) });
    expect(r.text).toBe('ねこ は 猫 です。');
    expect(r.cost).toBe(0.002);
    expect(seenCosts).toEqual([0.002]);
    expect(gw.key(KEY).usage).toBeCloseTo(0.002);
    const req = gw.requests.at(-1);
    expect(req?.body).toMatchObject({
      model: PAID,
      stream: false,
      response_format: { type: 'json_schema', json_schema: { name: 'x', strict: true } },
      messages: [{ role: 'system', content: 'You are a Japanese tutor.' }, { role: 'user', content: '猫' }],
    });
    expect(req?.headers.accept).toBe('application/json');
  });

  it('streamChatCompletion yields parsed chunks through keep-alives and ends with the cost', async () => {
    gw.state.reply = '吾輩は猫である。名前はまだ無い。';
    gw.state.keepAlives = 3;
    gw.state.chunkChars = 3;
    const s = await client.streamChatCompletion({ apiKey: KEY, body: chat() });
    let n = 0;
    for await (const _c of s) n++;
    expect(s.text).toBe('吾輩は猫である。名前はまだ無い。');
    expect(n).toBeGreaterThan(5);
    expect(s.cost).toBe(0.001);
    expect(seenCosts).toEqual([0.001]);
    expect(gw.requests.at(-1)?.body).toMatchObject({ stream: true });
    expect(gw.requests.at(-1)?.headers.accept).toBe('text/event-stream');
  });

  it('forwardChatCompletion hands back a stream byte for byte, and meters its end', async () => {
    const fwd = await client.forwardChatCompletion({ apiKey: KEY, body: chat(PAID, { stream: true }) });
    if (!fwd.stream) throw new Error('expected a stream');
    expect(fwd.contentType).toContain('text/event-stream');
    expect(seenCosts).toEqual([]);
    const raw = await chunksText(fwd.chunks);
    expect(raw.startsWith(': OPENROUTER PROCESSING')).toBe(true);
    expect(raw).toContain('"cost":0.001');
    expect(raw.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(seenCosts).toEqual([0.001]);
  });

  it('forwardChatCompletion hands back a non-streamed body whole, as sent, and meters its cost', async () => {
    const fwd = await client.forwardChatCompletion({ apiKey: KEY, body: chat(PAID, { stream: false }) });
    if (fwd.stream) throw new Error('expected a whole body');
    expect(fwd.contentType).toContain('application/json');
    expect(JSON.parse(fwd.text)).toMatchObject({ choices: [{ message: { content: gw.state.reply } }], usage: { cost: 0.001 } });
    expect(seenCosts).toEqual([0.001]);
    await client.forwardChatCompletion({ apiKey: KEY, body: chat(PAID, { stream: false }), metered: false });
    expect(seenCosts).toEqual([0.001]);
  });

  it('a completion without usage.cost still reaches onCost (undefined)', async () => {
    gw.script({ kind: 'raw', status: 200, body: { id: 'gen-1', choices: [{ index: 0, message: { role: 'assistant', content: 'はい' }, finish_reason: 'stop' }] } });
    const r = await client.completeChat({ apiKey: KEY, body: chat() });
    expect(r).toMatchObject({ text: 'はい', cost: undefined });
    expect(seenCosts).toEqual([undefined]);
  });

  it("metered: false (a caller's own key): neither onCost nor onError hears of the call", async () => {
    await client.completeChat({ apiKey: KEY, body: chat(), metered: false });
    const s = await client.streamChatCompletion({ apiKey: KEY, body: chat(), metered: false });
    await s.collect();
    gw.state.balance = 0;
    expect((await failure(client.completeChat({ apiKey: KEY, body: chat(), metered: false }))).data.code).toBe('insufficient_credits');
    expect(seenCosts).toEqual([]);
    expect(seenErrors).toEqual([]);
  });

  it('successful responses carry no X-RateLimit headers', async () => {
    const res = await fetch(`${gw.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(chat(FREE)),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('works with a base URL given with a trailing slash (any OpenAI-compatible host)', async () => {
    const other = createGatewayClient({ baseUrl: `${gw.baseUrl}/`, clock });
    await expect(other.completeChat({ apiKey: KEY, body: chat() })).resolves.toMatchObject({ text: gw.state.reply });
  });
});

describe('402: credits', () => {
  it('empty balance → insufficient_credits (balance), not retried', async () => {
    gw.state.balance = 0;
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat() }));
    expect(e.data).toMatchObject({ code: 'insufficient_credits', status: 402, details: { creditLimit: 'balance' } });
    expect(chatPosts()).toBe(1);
    expect(seenErrors).toHaveLength(1);
  });

  it('exhausted key cap → insufficient_credits (key_cap); a stream request fails as a 402, not a 200 stream', async () => {
    gw.setKey(KEY, { limit: 0.002, limit_reset: 'daily' });
    await client.completeChat({ apiKey: KEY, body: chat() });
    await client.completeChat({ apiKey: KEY, body: chat() });
    expect(gw.key(KEY).limit_remaining).toBe(0);
    const e = await failure(client.forwardChatCompletion({ apiKey: KEY, body: chat(PAID, { stream: true }) }));
    expect(e.data).toMatchObject({ code: 'insufficient_credits', status: 402, details: { creditLimit: 'key_cap' } });
    expect(e.data.message).toContain('Key limit exceeded');
    expect(chatPosts()).toBe(3);
  });

  it('a negative balance blocks even free models; zero does not', async () => {
    gw.state.balance = 0;
    await expect(client.completeChat({ apiKey: KEY, body: chat(FREE) })).resolves.toMatchObject({ cost: 0 });
    gw.state.balance = -0.5;
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat(FREE) }));
    expect(e.data.code).toBe('insufficient_credits');
  });
});

describe('429: rate limits', () => {
  it('platform 429 with Retry-After: waits exactly that long, then succeeds', async () => {
    gw.script({
      kind: 'error',
      status: 429,
      message: 'Rate limit exceeded: free-models-per-min.',
      metadata: { error_type: 'rate_limit_exceeded' },
      retryAfter: 3,
      rateLimit: { limit: 20, remaining: 0, reset: T0 + 3_000 },
    });
    const retries: number[] = [];
    await expect(client.completeChat({ apiKey: KEY, body: chat(FREE), onRetry: (i) => retries.push(i.delayMs) })).resolves.toBeDefined();
    expect(clock.sleeps).toEqual([3_000]);
    expect(retries).toEqual([3_000]);
    expect(chatPosts()).toBe(2);
  });

  it('the free per-minute limit: the 21st request gets 429 with X-RateLimit-*; the client waits for the reset', async () => {
    for (let i = 0; i < 20; i++) {
      await client.completeChat({ apiKey: KEY, body: chat(FREE) });
      clock.t += 100;
    }
    const raw = await fetch(`${gw.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(chat(FREE)),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('x-ratelimit-limit')).toBe('20');
    expect(raw.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(raw.headers.get('x-ratelimit-reset'))).toBe(T0 + 60_000);
    expect(raw.headers.get('retry-after')).toBeNull();
    expect(await raw.json()).toMatchObject({ error: { code: 429, metadata: { error_type: 'rate_limit_exceeded' } } });
    // through the client: one 429, a wait until the reset, then success
    await expect(client.completeChat({ apiKey: KEY, body: chat(FREE) })).resolves.toBeDefined();
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.t).toBeGreaterThanOrEqual(T0 + 60_000);
  });

  it('the free daily limit: reset more than 60 s away → not retried, reported with its reset time', async () => {
    gw.state.freeLimits.perDayFreeTier = 3;
    for (let i = 0; i < 3; i++) await client.completeChat({ apiKey: KEY, body: chat(FREE) });
    const before = chatPosts();
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat(FREE) }));
    const midnight = Date.parse('2025-06-12T00:00:00Z');
    expect(e.data).toMatchObject({
      code: 'rate_limited',
      status: 429,
      resetAt: midnight,
      retryAfterMs: midnight - clock.t,
      details: { rateLimitSource: 'platform', dailyCap: true, errorType: 'rate_limit_exceeded', rateLimit: { limit: 3, remaining: 0, reset: midnight } },
    });
    expect(chatPosts()).toBe(before + 1);
    expect(clock.sleeps).toEqual([]);
  });

  it('is_free_tier false lifts the daily free limit', async () => {
    gw.state.freeLimits.perDayFreeTier = 2;
    gw.state.freeLimits.perDayPaid = 4;
    gw.setKey(KEY, { isFreeTier: false });
    for (let i = 0; i < 4; i++) await client.completeChat({ apiKey: KEY, body: chat(FREE) });
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat(FREE) }));
    expect(e.data.details).toMatchObject({ rateLimit: { limit: 4 } });
  });

  it('Retry-After on the free limit is sent when configured', async () => {
    gw.state.freeLimits.perMinute = 1;
    gw.state.retryAfterSeconds = 5;
    await client.completeChat({ apiKey: KEY, body: chat(FREE) });
    await client.completeChat({ apiKey: KEY, body: chat(FREE) }).catch(() => undefined);
    expect(clock.sleeps[0]).toBe(5_000);
  });

  it('upstream 429 (no limit headers) is retried with backoff', async () => {
    gw.script({ kind: 'error', status: 429, message: 'Provider returned error', metadata: { provider_name: 'DeepInfra', raw: 'rate limited' } });
    const retried: GatewayError[] = [];
    await client.completeChat({ apiKey: KEY, body: chat(), onRetry: (i) => retried.push(i.error) });
    expect(retried[0]?.gateway).toMatchObject({ rateLimitSource: 'upstream', providerName: 'DeepInfra' });
    expect(clock.sleeps).toEqual([375]);
  });

  it('upstream 429 four times: reported after 3 retries', async () => {
    for (let i = 0; i < 4; i++) gw.script({ kind: 'error', status: 429, message: 'Provider returned error' });
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat() }));
    expect(e.data).toMatchObject({ code: 'rate_limited', details: { rateLimitSource: 'upstream' } });
    expect(chatPosts()).toBe(4);
  });
});

describe('408, 5xx and connection errors', () => {
  it('408, 500 and 502 are retried with growing backoff, then the call succeeds', async () => {
    gw.script(
      { kind: 'error', status: 408, message: 'Request timed out' },
      { kind: 'error', status: 500, message: 'Internal Server Error' },
      { kind: 'error', status: 502, message: 'Provider returned error', metadata: { provider_code: 'bad_gateway' } },
    );
    await expect(client.completeChat({ apiKey: KEY, body: chat() })).resolves.toMatchObject({ text: gw.state.reply });
    expect(chatPosts()).toBe(4);
    expect(clock.sleeps).toEqual([375, 750, 1500]);
  });

  it('503 four times: the last error with its provider code, after exactly 3 retries', async () => {
    for (let i = 0; i < 4; i++) gw.script({ kind: 'error', status: 503, message: `No available provider ${i}`, metadata: { provider_code: 'no_provider' } });
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat() }));
    expect(e.data).toMatchObject({ code: 'upstream_unavailable', status: 503, message: 'No available provider 3', details: { providerCode: 'no_provider' } });
    expect(chatPosts()).toBe(4);
    expect(seenErrors).toHaveLength(1);
  });

  it('a dropped connection is retried', async () => {
    gw.script({ kind: 'drop' });
    await expect(client.completeChat({ apiKey: KEY, body: chat() })).resolves.toBeDefined();
    expect(chatPosts()).toBe(2);
  });

  it('an unreachable gateway ends as offline after the retries', async () => {
    const dead = createGatewayClient({ baseUrl: 'http://127.0.0.1:1/api/v1', clock });
    const e = await failure(dead.getKey(KEY));
    expect(e.data.code).toBe('offline');
    expect(clock.sleeps).toHaveLength(3);
  });

  it.each([
    [400, 'bad_request'],
    [401, 'invalid_key'],
    [402, 'insufficient_credits'],
    [403, 'forbidden'],
  ])('%i is never retried', async (status, code) => {
    gw.script({ kind: 'error', status, message: `scripted ${status}` });
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat() }));
    expect(e.data).toMatchObject({ code, status, message: `scripted ${status}` });
    expect(chatPosts()).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('a 200 whose body is an error (committed before failing) is an error with that status', async () => {
    gw.script({ kind: 'raw', status: 200, body: { error: { code: 403, message: 'Input flagged by moderation', metadata: { reasons: ['x'] } } } });
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat() }));
    expect(e.data).toMatchObject({ code: 'forbidden', status: 403, message: 'Input flagged by moderation' });
  });
});

describe('streams that fail after the first byte', () => {
  it('a mid-stream error ends the stream with the partial text and is not retried', async () => {
    gw.state.chunkChars = 2;
    gw.script({ kind: 'midStreamError', text: 'ここまで届いた', code: 502, message: 'Provider disconnected unexpectedly' });
    const s = await client.streamChatCompletion({ apiKey: KEY, body: chat() });
    const e = await failure(s.collect());
    expect(e.data).toMatchObject({ code: 'mid_stream_error', message: 'Provider disconnected unexpectedly', status: 502, details: { partialText: 'ここまで届いた' } });
    expect(chatPosts()).toBe(1);
  });

  it('a 402 error chunk mid-stream reaches onError as a 402, and the end of the stream onCost', async () => {
    gw.script({ kind: 'midStreamError', text: 'ここまで', code: 402, message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits' });
    const s = await client.streamChatCompletion({ apiKey: KEY, body: chat() });
    const e = await failure(s.collect());
    expect(e.data).toMatchObject({ code: 'mid_stream_error', status: 402, details: { partialText: 'ここまで' } });
    expect(seenErrors).toHaveLength(1);
    expect(seenErrors[0]?.data).toMatchObject({ code: 'insufficient_credits', status: 402, details: { creditLimit: 'balance' } });
    // No usage.cost arrived: the meter still hears that a completion ended (so it polls).
    expect(seenCosts).toEqual([undefined]);
  });

  it('a mid-stream error without a status is not an HTTP failure for onError', async () => {
    gw.script({ kind: 'truncate', text: '途中' });
    const s = await client.streamChatCompletion({ apiKey: KEY, body: chat() });
    await failure(s.collect());
    expect(seenErrors).toHaveLength(0);
    expect(seenCosts).toEqual([undefined]);
  });

  it('a truncated stream is an error, not a success', async () => {
    gw.script({ kind: 'truncate', text: '途中' });
    const s = await client.streamChatCompletion({ apiKey: KEY, body: chat() });
    const e = await failure(s.collect());
    expect(e.data).toMatchObject({ code: 'mid_stream_error', details: { partialText: '途中', truncated: true } });
    expect(chatPosts()).toBe(1);
  });

  it('a stream line that never ends is cut at its limit with upstream_error, and the connection let go', async () => {
    gw.script({ kind: 'flood', sse: true });
    const s = await client.streamChatCompletion({ apiKey: KEY, body: chat() });
    const e = await failure(s.collect());
    expect(e.data).toMatchObject({ code: 'upstream_error', status: 502, message: '上游流中的一行过长（超过 4 MiB 仍未结束），已停止读取', details: { line: true } });
    const flooded = await gw.floods.at(-1)!;
    expect(flooded.cutByClient).toBe(true);
    // Stopped soon after the limit, not read on.
    expect(flooded.sent).toBeLessThan(16 * 2 ** 20);
  });

  it('aborting a stalled stream cancels it and the upstream request', async () => {
    gw.script({ kind: 'stall', text: 'はじ' });
    const ctl = new AbortController();
    const s = await client.streamChatCompletion({ apiKey: KEY, body: chat(), signal: ctl.signal });
    const p = failure(s.collect());
    await gw.waitFor(() => gw.requests.length === 1);
    setTimeout(() => ctl.abort(), 30);
    const e = await p;
    expect(e.data.code).toBe('cancelled');
    await gw.waitFor(() => gw.requests[0]?.aborted === true);
  });
});

describe('cancellation and time limits', () => {
  it('abort during a backoff wait ends the call at once, with no further request', async () => {
    const real = createGatewayClient({ baseUrl: gw.baseUrl, clock: { now: Date.now, random: () => 0.5, sleep: realSleep }, retry: { baseDelayMs: 20_000 } });
    gw.script({ kind: 'error', status: 503, message: 'busy' });
    const ctl = new AbortController();
    const started = Date.now();
    const p = failure(real.completeChat({ apiKey: KEY, body: chat(), signal: ctl.signal }));
    await gw.waitFor(() => gw.requests.length === 1);
    ctl.abort();
    const e = await p;
    expect(e.data.code).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((r) => setTimeout(r, 30));
    expect(chatPosts()).toBe(1);
  });

  it('abort while the gateway hangs aborts the upstream request', async () => {
    gw.script({ kind: 'hang' });
    const ctl = new AbortController();
    const p = failure(client.forwardChatCompletion({ apiKey: KEY, body: chat(PAID, { stream: true }), signal: ctl.signal }));
    await gw.waitFor(() => gw.requests.length === 1);
    ctl.abort();
    expect((await p).data.code).toBe('cancelled');
    await gw.waitFor(() => gw.requests[0]?.aborted === true);
  });

  it('timeoutMs bounds the wait for headers: a hanging gateway → timeout', async () => {
    gw.script({ kind: 'hang' });
    const e = await failure(client.forwardChatCompletion({ apiKey: KEY, body: chat(), timeoutMs: 50 }));
    expect(e.data).toMatchObject({ code: 'timeout', details: { timeoutMs: 50 } });
    await gw.waitFor(() => gw.requests[0]?.aborted === true);
  });

  it('an already aborted signal sends nothing', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const e = await failure(client.completeChat({ apiKey: KEY, body: chat(), signal: ctl.signal }));
    expect(e.data.code).toBe('cancelled');
    expect(gw.requests).toHaveLength(0);
  });
});

describe('client-side free-model throttle', () => {
  it('fails at once with the next slot, before the gateway sees the request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-gw-'));
    const { db } = openDatabase({ dir });
    try {
      const throttle = new FreeModelThrottle(db, { now: clock.now, limits: { perMinute: 2 } });
      const throttled = createGatewayClient({ baseUrl: gw.baseUrl, clock, throttle });
      await throttled.completeChat({ apiKey: KEY, body: chat(FREE) });
      clock.t += 1_000;
      await throttled.completeChat({ apiKey: KEY, body: chat(FREE) });
      const e = await failure(throttled.completeChat({ apiKey: KEY, body: chat(FREE) }));
      expect(e.data).toMatchObject({ code: 'free_model_limit', resetAt: T0 + 60_000, retryAfterMs: 59_000 });
      expect(chatPosts()).toBe(2);
      // paid models are not throttled
      await throttled.completeChat({ apiKey: KEY, body: chat(PAID) });
      expect(chatPosts()).toBe(3);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
