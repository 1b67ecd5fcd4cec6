/** The fake gateway's own protocol behaviour (tests/fakes/gateway/), which other suites rely on. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGateway, type FakeGateway } from '../../fakes/gateway';

const KEY = 'sk-or-v1-fake-0000000000000000000000';
let gw: FakeGateway;
let t: number;

beforeEach(async () => {
  t = Date.parse('2025-06-15T23:59:00Z'); // a Sunday, one minute before a new UTC day and week
  gw = await startFakeGateway({ now: () => t, costPerRequest: 0.5, keys: [{ key: KEY, limit: 10, limitReset: 'weekly' }] });
});

afterEach(async () => {
  await gw.close();
});

function post(body: unknown, key = KEY): Promise<Response> {
  return fetch(`${gw.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const chat = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

describe('fake gateway', () => {
  it('answers the OpenAI JSON shape with usage.cost and logs the request', async () => {
    gw.state.reply = (b) => `echo:${String((b.messages as Array<{ content: string }>)[0]?.content)}`;
    const res = await post(chat);
    expect(res.status).toBe(200);
    const json = (await res.json()) as { object: string; choices: Array<{ message: { content: string }; finish_reason: string }>; usage: { cost: number } };
    expect(json.object).toBe('chat.completion');
    expect(json.choices[0]).toMatchObject({ message: { content: 'echo:hi' }, finish_reason: 'stop' });
    expect(json.usage.cost).toBe(0.5);
    expect(gw.requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/chat/completions', body: chat, status: 200, aborted: false });
  });

  it('rolls usage windows and the weekly cap at Monday 00:00 UTC', async () => {
    await (await post(chat)).text();
    expect(gw.key(KEY)).toMatchObject({ usage: 0.5, usage_daily: 0.5, usage_weekly: 0.5, limit_remaining: 9.5 });
    t += 2 * 60_000; // Monday 00:01
    expect(gw.key(KEY)).toMatchObject({ usage: 0.5, usage_daily: 0, usage_weekly: 0, usage_monthly: 0.5, limit_remaining: 10 });
  });

  it('401 for a missing, unknown or expired key', async () => {
    const none = await fetch(`${gw.baseUrl}/key`);
    expect(none.status).toBe(401);
    expect((await post(chat, 'sk-unknown')).status).toBe(401);
    gw.setKey(KEY, { expires_at: new Date(t - 1).toISOString() });
    const expired = await post(chat);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: { code: 401 } });
  });

  it('400 for a body that is not JSON or lacks model or messages', async () => {
    expect((await post('{oops')).status).toBe(400);
    expect((await post({ messages: chat.messages })).status).toBe(400);
    expect((await post({ model: 'x', messages: [] })).status).toBe(400);
  });

  it('PATCH without a management key is 401; 404 for unknown paths', async () => {
    const res = await fetch(`${gw.baseUrl}/keys/${gw.key(KEY).hash}`, { method: 'PATCH', body: '{"name":"x"}' });
    expect(res.status).toBe(401);
    expect((await fetch(`${gw.url}/v1/models`)).status).toBe(404);
  });

  it('streams keep-alives, content chunks, a usage chunk and [DONE]', async () => {
    gw.state.keepAlives = 2;
    gw.state.reply = 'abcdefghij';
    gw.state.chunkChars = 4;
    const raw = await (await post({ ...chat, stream: true })).text();
    const events = raw.split('\n\n').filter(Boolean);
    expect(events.slice(0, 2)).toEqual([': OPENROUTER PROCESSING', ': OPENROUTER PROCESSING']);
    expect(events.at(-1)).toBe('data: [DONE]');
    const usage = JSON.parse(events.at(-2)?.slice(6) ?? '{}') as { choices: unknown[]; usage: { cost: number } };
    expect(usage.choices).toEqual([]);
    expect(usage.usage.cost).toBe(0.5);
    expect(events.filter((e) => e.includes('"content":"')).length).toBeGreaterThanOrEqual(3);
  });

  it('scripted steps are one-shot and in order', async () => {
    gw.script({ kind: 'error', status: 500, message: 'first' }, { kind: 'error', status: 502, message: 'second' });
    expect(gw.pendingScripts()).toBe(2);
    expect((await post(chat)).status).toBe(500);
    expect((await post(chat)).status).toBe(502);
    expect((await post(chat)).status).toBe(200);
  });

  it('close() ends stalled streams', async () => {
    gw.script({ kind: 'stall', text: 'x' });
    const res = await post({ ...chat, stream: true });
    expect(res.status).toBe(200);
    const reading = res.text().then(
      () => 'ended',
      () => 'broken',
    );
    await gw.close();
    expect(['ended', 'broken']).toContain(await reading);
    // restart for afterEach
    gw = await startFakeGateway();
  });
});
