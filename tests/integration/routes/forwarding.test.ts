/** Response modes: the upstream's JSON as is, its SSE as text/event-stream, its errors with status and raw message. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, chatRequests, errorBody, lastChatBody, post, sseContent, sseData, startRoutesEnv, type RoutesEnv } from '../../support/routesHarness';

let env: RoutesEnv;
beforeAll(async () => {
  env = await startRoutesEnv();
  env.gw.state.reply = '猫が好きです。\n犬も好きです。';
});
afterAll(async () => {
  await env.close();
});

const STREAMING: Array<[string, Record<string, unknown>]> = [
  ['/api/analyze', { prompt: '猫', stream: true }],
  ['/api/translate', { text: '猫', stream: true }],
  ['/api/word-detail', { word: '猫', sentence: '猫だ。', pos: 'noun', useStream: true }],
  ['/api/image-to-text', { imageData: 'data:image/png;base64,AAAA', stream: true }],
  ['/api/chat', { messages: [{ role: 'user', content: 'hi' }] }], // chat streams by default
];

const NON_STREAMING: Array<[string, Record<string, unknown>]> = [
  ['/api/analyze', { prompt: '猫' }],
  ['/api/translate', { text: '猫' }],
  ['/api/word-detail', { word: '猫', sentence: '猫だ。', pos: 'noun' }],
  ['/api/image-to-text', { imageData: 'data:image/png;base64,AAAA' }],
  ['/api/chat', { messages: [{ role: 'user', content: 'hi' }], useStream: false }],
];

describe('non-streaming', () => {
  it.each(NON_STREAMING)('%s returns the upstream’s complete JSON unchanged', async (route, body) => {
    // A body with fields no client schema knows: only a byte-for-byte forward keeps them.
    const upstream = {
      id: 'gen-raw-1',
      object: 'chat.completion',
      model: 'google/gemini-2.5-flash',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: '{"tokens":[]}' } }],
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7, cost: 0.0001 },
      x_extra: { nested: [1, 2, 3], unicode: '日本語' },
    };
    env.gw.script({ kind: 'raw', status: 200, body: upstream });
    const res = await post(env.url, route, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.text).toBe(JSON.stringify(upstream));
    expect(lastChatBody(env.gw).stream).toBe(false);
  });

  it('a normal completion comes back with the model’s text', async () => {
    const res = await post(env.url, '/api/translate', { text: '猫' });
    const json = res.json as { object: string; choices: Array<{ message: { content: string } }> };
    expect(json.object).toBe('chat.completion');
    expect(json.choices[0]?.message.content).toBe('猫が好きです。\n犬も好きです。');
  });
});

describe('streaming', () => {
  it.each(STREAMING)('%s forwards the upstream SSE as text/event-stream', async (route, body) => {
    const res = await post(env.url, route, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(lastChatBody(env.gw).stream).toBe(true);
    // The gateway's keep-alive comment arrives too: the bytes are forwarded, not re-encoded.
    expect(res.text.startsWith(': OPENROUTER PROCESSING\n\n')).toBe(true);
    expect(sseContent(res.text)).toBe('猫が好きです。\n犬も好きです。');
    expect(sseData(res.text).at(-1)).toBe('[DONE]');
  });

  it('a mid-stream error chunk is forwarded after the partial text', async () => {
    env.gw.script({ kind: 'midStreamError', text: '途中まで', code: 502, message: 'Provider disconnected unexpectedly' });
    const res = await post(env.url, '/api/chat', { messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(200);
    type Chunk = { error?: { message: string }; choices?: Array<{ finish_reason: string | null; delta?: { content?: string } }> };
    const events = sseData(res.text).map((d) => JSON.parse(d) as Chunk);
    expect(events.map((e) => e.choices?.[0]?.delta?.content ?? '').join('')).toBe('途中まで');
    const last = events.at(-1);
    expect(last?.error?.message).toBe('Provider disconnected unexpectedly');
    expect(last?.choices?.[0]?.finish_reason).toBe('error');
  });

  it('a stream the upstream cuts short simply ends', async () => {
    env.gw.script({ kind: 'truncate', text: '切れた' });
    const res = await post(env.url, '/api/translate', { text: '猫', stream: true });
    expect(res.status).toBe(200);
    expect(sseContent(res.text)).toBe('切れた');
  });
});

describe('upstream errors keep their status and raw message', () => {
  // retryAfter > 60 s: the gateway client reports instead of retrying, which keeps these tests instant.
  const CASES: Array<[number, string, number | undefined]> = [
    [402, 'Insufficient credits. Add more using https://openrouter.ai/settings/credits', undefined],
    [429, 'Rate limit exceeded: upstream provider busy', 120],
    [500, 'Internal Server Error from provider X', 120],
    [400, 'This model does not support images', undefined],
  ];

  it.each(CASES)('non-streaming %i', async (status, message, retryAfter) => {
    env.gw.script({ kind: 'error', status, message, ...(retryAfter !== undefined ? { retryAfter } : {}) });
    const before = chatRequests(env.gw).length;
    const res = await post(env.url, '/api/word-detail', { word: '猫', sentence: '猫だ。', pos: 'noun' });
    expect(res.status).toBe(status);
    expect(res.json).toEqual(errorBody(message));
    expect(chatRequests(env.gw)).toHaveLength(before + 1);
    if (status === 429) expect(res.headers.get('retry-after')).toBe('120');
  });

  it.each(CASES)('streaming chat %i: the status, not a 200 stream', async (status, message, retryAfter) => {
    env.gw.script({ kind: 'error', status, message, ...(retryAfter !== undefined ? { retryAfter } : {}) });
    const res = await post(env.url, '/api/chat', { messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json).toEqual(errorBody(message));
  });

  it('a non-JSON error body is forwarded as its text', async () => {
    env.gw.script({ kind: 'raw', status: 403, body: 'Forbidden by upstream policy' });
    const res = await post(env.url, '/api/translate', { text: '猫' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual(errorBody('Forbidden by upstream policy'));
  });

  it('a retryable 5xx is retried by the gateway client before anything is forwarded', async () => {
    env.gw.script({ kind: 'error', status: 503, message: 'try again', retryAfter: 0 });
    const before = chatRequests(env.gw).length;
    const res = await post(env.url, '/api/chat', { messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(200);
    expect(sseContent(res.text)).toBe('猫が好きです。\n犬も好きです。');
    expect(chatRequests(env.gw)).toHaveLength(before + 2);
  });

  it('the server still serves afterwards', async () => {
    expect((await call(env.url, '/api/auth')).status).toBe(200);
  });
});
