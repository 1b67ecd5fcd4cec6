/** Time limits and abort propagation, with UPSTREAM_TIMEOUT_MS / STREAM_IDLE_TIMEOUT_MS shortened. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_MESSAGES } from '../../../shared/messages';
import { call, chatRequests, errorBody, post, sseData, startRoutesEnv, type RoutesEnv } from '../../support/routesHarness';

const IDLE_EVENT = `data: ${JSON.stringify({ error: { message: SEED_MESSAGES.streamIdle } })}\n\n`;

/** The newest chat request of the fake, once it has arrived. */
async function newestRequest(env: RoutesEnv, before: number) {
  await env.gw.waitFor(() => chatRequests(env.gw).length > before);
  return chatRequests(env.gw)[before]!;
}

describe('short limits', () => {
  let env: RoutesEnv;
  beforeAll(async () => {
    env = await startRoutesEnv({ env: { UPSTREAM_TIMEOUT_MS: '300', STREAM_IDLE_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await env.close();
  });

  it.each([
    ['/api/translate', { text: '猫' }],
    ['/api/analyze', { prompt: '猫' }],
    ['/api/chat', { messages: [{ role: 'user', content: 'hi' }], useStream: false }],
  ])('%s: a hanging non-streaming call → 504 with the fixed message, upstream aborted', async (route, body) => {
    env.gw.script({ kind: 'hang' });
    const before = chatRequests(env.gw).length;
    const started = Date.now();
    const res = await post(env.url, route, body);
    expect(res.status).toBe(504);
    expect(res.json).toEqual(errorBody(SEED_MESSAGES.upstreamTimeout));
    // Far below the 60 s default: the configured limit was applied (generous for a loaded machine).
    expect(Date.now() - started).toBeLessThan(5_000);
    const req = await newestRequest(env, before);
    await env.gw.waitFor(() => req.aborted);
  });

  it('headers in time but a body that never ends → 504 too, upstream aborted', async () => {
    // The limit covers the whole non-streamed call, not just the headers: `stall` answers 200 and then nothing.
    env.gw.script({ kind: 'stall', text: '' });
    const before = chatRequests(env.gw).length;
    const res = await post(env.url, '/api/word-detail', { word: '猫', sentence: '猫だ。', pos: 'noun' });
    expect(res.status).toBe(504);
    expect(res.json).toEqual(errorBody(SEED_MESSAGES.upstreamTimeout));
    const req = await newestRequest(env, before);
    await env.gw.waitFor(() => req.aborted);
  });

  it('a stream whose headers never come → 504', async () => {
    env.gw.script({ kind: 'hang' });
    const res = await post(env.url, '/api/chat', { messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(504);
    expect(res.json).toEqual(errorBody(SEED_MESSAGES.upstreamTimeout));
  });

  it.each([
    ['/api/chat', { messages: [{ role: 'user', content: 'hi' }] }],
    ['/api/translate', { text: '猫', stream: true }],
  ])('%s: a stalled stream → exactly one idle event, then close; upstream aborted', async (route, body) => {
    env.gw.script({ kind: 'stall', text: '途中' });
    const before = chatRequests(env.gw).length;
    const res = await post(env.url, route, body); // resolves only once the server closes the stream
    expect(res.status).toBe(200);
    expect(res.text.endsWith(IDLE_EVENT)).toBe(true);
    expect(res.text.split(IDLE_EVENT)).toHaveLength(2);
    const payloads = sseData(res.text);
    expect(payloads.filter((d) => d.includes('"error"'))).toHaveLength(1);
    expect(payloads.some((d) => d.includes('途中'))).toBe(true);
    const req = await newestRequest(env, before);
    await env.gw.waitFor(() => req.aborted);
  });

  it('a stream that keeps sending is not cut by the idle limit', async () => {
    // 10 chunks 50 ms apart: longer than the idle limit in total, never idle that long.
    env.gw.state.chunkChars = 1;
    env.gw.state.chunkDelayMs = 50;
    try {
      env.gw.script({ kind: 'reply', text: '一二三四五六七八九十' });
      const res = await post(env.url, '/api/chat', { messages: [{ role: 'user', content: 'hi' }] });
      expect(res.text).not.toContain(SEED_MESSAGES.streamIdle);
      expect(sseData(res.text).at(-1)).toBe('[DONE]');
    } finally {
      env.gw.state.chunkChars = 6;
      env.gw.state.chunkDelayMs = 0;
    }
  });

  it('still serves afterwards', async () => {
    expect((await post(env.url, '/api/translate', { text: '猫' })).status).toBe(200);
  });
});

describe('client disconnects (long limits, so only the disconnect can abort)', () => {
  let env: RoutesEnv;
  beforeAll(async () => {
    env = await startRoutesEnv({ env: { UPSTREAM_TIMEOUT_MS: '30000', STREAM_IDLE_TIMEOUT_MS: '30000' } });
  });
  afterAll(async () => {
    await env.close();
  });

  it('mid-stream: the upstream request is aborted', async () => {
    env.gw.script({ kind: 'stall', text: '最初の部分' });
    const before = chatRequests(env.gw).length;
    const client = new AbortController();
    const res = await fetch(`${env.url}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
      signal: client.signal,
    });
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('最初')) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    expect(seen).toContain('最初');
    const req = await newestRequest(env, before);
    expect(req.aborted).toBe(false);
    client.abort();
    await env.gw.waitFor(() => req.aborted, 1_000);
  });

  it('while waiting for a non-streamed answer: the upstream request is aborted', async () => {
    env.gw.script({ kind: 'hang' });
    const before = chatRequests(env.gw).length;
    const client = new AbortController();
    const pending = call(env.url, '/api/translate', { body: { text: '猫' }, signal: client.signal }).catch((e: unknown) => e);
    const req = await newestRequest(env, before);
    client.abort();
    expect(await pending).toBeInstanceOf(Error);
    await env.gw.waitFor(() => req.aborted, 1_000);
  });

  it('still serves afterwards', async () => {
    expect((await post(env.url, '/api/translate', { text: '猫' })).status).toBe(200);
  });
});
