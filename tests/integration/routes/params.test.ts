/** Request validation of every /api route: required params, types, bodies, limits, 404/405. */
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';
import { call, chatRequests, errorBody, MODEL_ROUTES, post, postRaw, startRoutesEnv, VALID_BODIES, type RoutesEnv } from '../../support/routesHarness';

const MiB = 1024 * 1024;
let env: RoutesEnv;

beforeAll(async () => {
  env = await startRoutesEnv();
});
afterAll(async () => {
  await env.close();
});

// Every test here sends a bad request: none may reach the upstream, and the server must keep serving.
afterEach(async () => {
  expect(chatRequests(env.gw).length + chatRequests(env.geminiGw).length).toBe(0);
  const alive = await call(env.url, '/api/auth');
  expect(alive.status).toBe(200);
});

describe('required parameters and their types', () => {
  const cases: Array<[route: string, body: Record<string, unknown>, message: string]> = [
    ['/api/analyze', {}, APP_MESSAGES.missingParam('prompt')],
    ['/api/analyze', { prompt: '' }, APP_MESSAGES.missingParam('prompt')],
    ['/api/analyze', { prompt: 42 }, APP_MESSAGES.wrongType('prompt', 'string')],
    ['/api/analyze', { prompt: 'x', stream: 'yes' }, APP_MESSAGES.wrongType('stream', 'boolean')],
    ['/api/translate', {}, APP_MESSAGES.missingParam('text')],
    ['/api/translate', { text: ['a'] }, APP_MESSAGES.wrongType('text', 'string')],
    ['/api/translate', { text: 'a', stream: 1 }, APP_MESSAGES.wrongType('stream', 'boolean')],
    ['/api/word-detail', { sentence: 's', pos: 'noun' }, APP_MESSAGES.missingParam('word')],
    ['/api/word-detail', { word: 'w', pos: 'noun' }, APP_MESSAGES.missingParam('sentence')],
    ['/api/word-detail', { word: 'w', sentence: 's' }, APP_MESSAGES.missingParam('pos')],
    ['/api/word-detail', { word: 'w', sentence: 's', pos: 3 }, APP_MESSAGES.wrongType('pos', 'string')],
    ['/api/word-detail', { word: 'w', sentence: 's', pos: 'noun', furigana: false }, APP_MESSAGES.wrongType('furigana', 'string')],
    ['/api/word-detail', { word: 'w', sentence: 's', pos: 'noun', useStream: 'no' }, APP_MESSAGES.wrongType('useStream', 'boolean')],
    ['/api/word-detail', { word: 'w', sentence: 's', kind: 7 }, APP_MESSAGES.wrongType('kind', 'string')],
    ['/api/image-to-text', {}, APP_MESSAGES.missingParam('imageData')],
    ['/api/image-to-text', { imageData: 12 }, APP_MESSAGES.wrongType('imageData', 'string')],
    ['/api/image-to-text', { imageData: 'https://example.com/a.png' }, APP_MESSAGES.invalidImage],
    ['/api/image-to-text', { imageData: 'data:image/png;base64,AAAA', prompt: 5 }, APP_MESSAGES.wrongType('prompt', 'string')],
    ['/api/chat', {}, APP_MESSAGES.missingParam('messages')],
    ['/api/chat', { messages: 'hi' }, APP_MESSAGES.wrongType('messages', 'array')],
    ['/api/chat', { messages: [] }, APP_MESSAGES.emptyMessages],
    ['/api/chat', { messages: [{ role: 'robot', content: 'x' }] }, APP_MESSAGES.wrongType('messages[0].role', 'system | user | assistant')],
    ['/api/chat', { messages: [{ role: 'user', content: 1 }] }, APP_MESSAGES.wrongType('messages[0].content', 'string | array')],
    ['/api/chat', { messages: [{ role: 'user', content: 'x' }], useStream: 'true' }, APP_MESSAGES.wrongType('useStream', 'boolean')],
    ['/api/tts', {}, APP_MESSAGES.missingParam('text')],
    ['/api/tts', { text: 5 }, APP_MESSAGES.wrongType('text', 'string')],
    ['/api/tts', { text: '   ' }, APP_MESSAGES.missingParam('text')],
    ['/api/auth', {}, APP_MESSAGES.missingParam('password')],
    ['/api/auth', { password: 1 }, APP_MESSAGES.wrongType('password', 'string')],
  ];

  it.each(cases)('%s %j → 400', async (route, body, message) => {
    const res = await post(env.url, route, body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(errorBody(message));
  });
});

describe('chat content parts', () => {
  it.each([
    ['an unknown part type', [{ type: 'input_audio', input_audio: { data: 'x' } }]],
    ['a text part without text', [{ type: 'text' }]],
    ['an image part without a url', [{ type: 'image_url', image_url: {} }]],
    ['a bare string part', ['hello']],
  ])('%s → 400', async (_name, content) => {
    const res = await post(env.url, '/api/chat', { messages: [{ role: 'user', content }], useStream: false });
    expect(res.status).toBe(400);
    expect((res.json as { error: { message: string } }).error.message).toMatch(/^参数 messages\[0\]\.content\[0\] 类型错误/);
  });

  it('absurdly nested content → 400, not a crash', async () => {
    // Regression: unchecked parts reached JSON.stringify of the upstream body and overflowed the stack (500).
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const res = await postRaw(env.url, '/api/chat', `{"messages":[{"role":"user","content":[${deep}]}],"useStream":false}`);
    expect(res.status).toBe(400);
  });
});

describe('apiUrl is refused before anything else', () => {
  it.each([...MODEL_ROUTES, '/api/tts'])('%s', async (route) => {
    const body = { ...(VALID_BODIES[route] ?? { text: 'こんにちは' }), apiUrl: 'http://attacker.example/v1' };
    const res = await post(env.url, route, body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(errorBody(SEED_MESSAGES.apiUrlForbidden));
  });

  it('even when other parameters are missing too', async () => {
    const res = await post(env.url, '/api/translate', { apiUrl: '' });
    expect(res.json).toEqual(errorBody(SEED_MESSAGES.apiUrlForbidden));
  });
});

describe('bodies that are not a JSON object', () => {
  const routes = [...MODEL_ROUTES, '/api/tts', '/api/auth'];
  it.each(routes)('%s: malformed JSON → 400', async (route) => {
    const res = await post(env.url, route, '{"text": "猫');
    expect(res.status).toBe(400);
    expect(res.json).toEqual(errorBody(APP_MESSAGES.invalidJson));
  });

  it.each(routes.flatMap((r) => ['[]', '"text"', 'null', '42', ''].map((b) => [r, b] as const)))('%s: body %j → 400', async (route, raw) => {
    const res = await post(env.url, route, raw);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(errorBody(APP_MESSAGES.bodyNotObject));
  });
});

describe('body limits', () => {
  it('a body over 1 MiB → 413 on the ordinary routes', async () => {
    for (const route of ['/api/translate', '/api/chat', '/api/tts']) {
      const res = await postRaw(env.url, route, JSON.stringify({ text: 'あ'.repeat(MiB / 3 + 10) }));
      expect(res.status, route).toBe(413);
      expect(res.json).toEqual(errorBody(APP_MESSAGES.bodyTooLarge));
    }
  });

  it('exactly 1 MiB is read (and then judged on its parameters); one byte more is 413', async () => {
    const sized = (bytes: number) => {
      const head = '{"text":7,"pad":"';
      return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
    };
    expect(Buffer.byteLength(sized(MiB))).toBe(MiB);
    const atLimit = await postRaw(env.url, '/api/translate', sized(MiB));
    expect(atLimit.status).toBe(400);
    expect(atLimit.json).toEqual(errorBody(APP_MESSAGES.wrongType('text', 'string')));
    expect((await postRaw(env.url, '/api/translate', sized(MiB + 1))).status).toBe(413);
  });

  it('a chunked body over 1 MiB without Content-Length → 413', async () => {
    // fetch streams a ReadableStream body chunked, so the limit must hold while reading too.
    const chunk = new TextEncoder().encode('x'.repeat(256 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ < 6) c.enqueue(chunk);
        else c.close();
      },
    });
    const res = await fetch(`${env.url}/api/translate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    // Read the body: an unread response keeps fetch's pooled connection busy for the next test.
    expect(await res.json()).toEqual(errorBody(APP_MESSAGES.bodyTooLarge));
  });

  it('after a 413 on a chunked body the same keep-alive connection serves the next request', async () => {
    // Regression: giving up on a body mid-stream used to leave the connection unread, so the
    // next request on it hung until the keep-alive timeout reset it.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (chunks: number) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.request(new URL('/api/translate', env.url), { method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        for (let i = 0; i < chunks; i++) req.write('x'.repeat(256 * 1024));
        req.end(chunks ? undefined : '{}');
      });
    try {
      expect(await send(6)).toEqual({ status: 413, reused: false });
      const started = Date.now();
      expect(await send(0)).toEqual({ status: 400, reused: true });
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      agent.destroy();
    }
  });

  it('/api/image-to-text accepts a body over 1 MiB', async () => {
    // 2 MiB of data URL, but a wrong `prompt` type so no upstream call is made.
    const imageData = `data:image/png;base64,${'A'.repeat(2 * MiB)}`;
    const res = await postRaw(env.url, '/api/image-to-text', JSON.stringify({ imageData, prompt: 1 }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual(errorBody(APP_MESSAGES.wrongType('prompt', 'string')));
  });

  it('/api/image-to-text: imageData over 8 MiB → 413', async () => {
    const imageData = `data:image/png;base64,${'A'.repeat(8 * MiB + 16)}`;
    const res = await postRaw(env.url, '/api/image-to-text', JSON.stringify({ imageData }));
    expect(res.status).toBe(413);
    expect(res.json).toEqual(errorBody(APP_MESSAGES.imageTooLarge));
  });

  it('/api/image-to-text: a body over 9 MiB → 413', async () => {
    const res = await postRaw(env.url, '/api/image-to-text', JSON.stringify({ imageData: 'data:image/png;base64,AAAA', pad: 'x'.repeat(9 * MiB) }));
    expect(res.status).toBe(413);
    expect(res.json).toEqual(errorBody(APP_MESSAGES.bodyTooLarge));
  });
});

describe('routing', () => {
  it('an unknown /api route → 404', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['POST', '/api/analyse'], ['GET', '/api']] as const) {
      const res = await call(env.url, path, { method, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, path).toBe(404);
      expect(res.json).toEqual(errorBody(APP_MESSAGES.notFound));
    }
  });

  it('a wrong method → 405 with Allow', async () => {
    const cases: Array<[string, string, string]> = [
      ['GET', '/api/analyze', 'POST'],
      ['PUT', '/api/translate', 'POST'],
      ['GET', '/api/chat', 'POST'],
      ['DELETE', '/api/tts', 'POST'],
      ['POST', '/api/daily-sentence', 'GET'],
      ['POST', '/api/analytics/script', 'GET'],
      ['DELETE', '/api/auth', 'GET, POST'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await call(env.url, path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.json).toEqual(errorBody(APP_MESSAGES.methodNotAllowed));
      expect(res.headers.get('allow')).toBe(allow);
    }
  });
});

describe('the server survives a burst of bad requests', () => {
  it('keeps answering after many concurrent malformed bodies', async () => {
    const bad = await Promise.all(Array.from({ length: 40 }, (_, i) => post(env.url, MODEL_ROUTES[i % MODEL_ROUTES.length]!, i % 2 ? '{' : '[]')));
    expect(new Set(bad.map((r) => r.status))).toEqual(new Set([400]));
  });
});
