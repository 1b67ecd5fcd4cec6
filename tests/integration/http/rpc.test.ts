import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../support/browserMode';
import { rawPost } from '../../support/rawPost';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const rpc = (method: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/rpc/${method}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('browser-mode /rpc', () => {
  it('serves a call as JSON', async () => {
    const res = await rpc('app.info', '[]');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Yomimono', mode: 'browser' });
  });

  it('settings persist through the contract', async () => {
    expect((await rpc('settings.set', JSON.stringify([{ theme: 'dark', uiLocale: 'en' }]))).status).toBe(200);
    expect(await (await rpc('settings.get', '[]')).json()).toMatchObject({ theme: 'dark', uiLocale: 'en' });
  });

  it('answers errors with a status and {error:{code,message}}', async () => {
    const unknown = await rpc('no.method', '[]');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'unknown_method' } });

    const badArgs = await rpc('settings.set', JSON.stringify([{ theme: 7 }]));
    expect(badArgs.status).toBe(400);
    expect(await badArgs.json()).toMatchObject({ error: { code: 'bad_request' } });

    const malformed = await rpc('settings.set', '[{"theme":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'bad_request', message: expect.any(String) } });

    const notArray = await rpc('settings.get', '{"a":1}');
    expect(notArray.status).toBe(400);

    const get = await fetch(`${server.url}/rpc/settings.get`);
    expect(get.status).toBe(405);
  });

  it('refuses a huge body with 413 and keeps serving', async () => {
    const huge = `["${'x'.repeat(17 * 1024 * 1024)}"]`;
    // The 413 itself is required: a dropped connection is not a refusal.
    const res = await rawPost(`${server.url}/rpc/settings.get`, huge);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ error: { code: 'too_large' } });
    expect((await rpc('app.info', '[]')).status).toBe(200);
  });

  it('streams as SSE: chunk events then done', async () => {
    const res = await rpc('dev.count', JSON.stringify([{ to: 3 }]));
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    expect(text.match(/event: chunk/g)).toHaveLength(3);
    expect(text).toContain('event: done\ndata: {"count":3}');
  });

  it('a client that goes away cancels the stream in the core', async () => {
    const { dispatcher } = server.core;
    await new Promise<void>((resolve, reject) => {
      const req = http.request(`${server.url}/rpc/dev.count`, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
        res.once('data', () => {
          expect(dispatcher.running).toBe(1);
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
      req.end(JSON.stringify([{ to: 10_000, intervalMs: 10 }]));
      setTimeout(() => reject(new Error('no data')), 3000);
    });
    const end = Date.now() + 2000;
    while (dispatcher.running > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(dispatcher.running).toBe(0);
  });

  it('delivers pushes on GET /rpc/events', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/rpc/events`, { signal: controller.signal });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read(); // ": connected"
    await rpc('settings.set', JSON.stringify([{ uiLocale: 'ko' }]));
    let text = '';
    while (!text.includes('settings.changed')) text += (await reader.read()).value ?? '';
    const data = JSON.parse(text.split('data: ').at(-1)!.split('\n')[0]!);
    expect(data).toMatchObject({ event: 'settings.changed', payload: { uiLocale: 'ko' } });
    controller.abort();
  });
});
