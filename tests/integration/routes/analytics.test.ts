/** GET /api/analytics/script: `void 0;` unless analytics is on and both variables are set, then a loader; never cached. */
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../support/browserMode';
import { call, type TestServer } from '../../support/routesHarness';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function script(env: NodeJS.ProcessEnv, analytics = true) {
  server = await startTestServer(env);
  server.core.settings.set({ analytics });
  const res = await call(server.url, '/api/analytics/script');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.text;
}

/** Runs the loader against a minimal fake DOM and returns the script elements it added. */
function runLoader(js: string, runs = 1): Array<Record<string, unknown>> {
  const added: Array<{ attrs: Record<string, string>; [k: string]: unknown }> = [];
  const document = {
    querySelector: (sel: string) => added.find((s) => sel.includes(`data-website-id=${JSON.stringify(s.attrs['data-website-id'])}`)) ?? null,
    createElement: (tag: string) => {
      const el = { tag, attrs: {} as Record<string, string>, setAttribute: (k: string, v: string) => void (el.attrs[k] = v) };
      return el;
    },
    head: { appendChild: (el: { attrs: Record<string, string> }) => void added.push(el) },
  };
  for (let i = 0; i < runs; i++) vm.runInNewContext(js, { document });
  return added.map(({ tag, src, defer, attrs }) => ({ tag, src, defer, attrs }));
}

describe('GET /api/analytics/script', () => {
  it('serves `void 0;` without configuration', async () => {
    expect(await script({})).toBe('void 0;');
  });

  it.each([{ ANALYTICS_SCRIPT_SRC: 'https://stats.example.com/script.js' }, { ANALYTICS_WEBSITE_ID: 'abc-123' }])('serves `void 0;` with only one variable %j', async (env) => {
    expect(await script(env)).toBe('void 0;');
  });

  it('with both variables: a loader that adds the deferred script with the website id once', async () => {
    const src = 'https://stats.example.com/script.js';
    const id = '0f5e-4c2b-"quoted"';
    const js = await script({ ANALYTICS_SCRIPT_SRC: src, ANALYTICS_WEBSITE_ID: id });
    expect(js).toContain(JSON.stringify(src));
    expect(js).toContain('data-website-id');
    expect(runLoader(js, 2)).toEqual([{ tag: 'script', src, defer: true, attrs: { 'data-website-id': id } }]);
  });

  it('serves `void 0;` while the analytics setting is off (the default), even when configured', async () => {
    const env = { ANALYTICS_SCRIPT_SRC: 'https://stats.example.com/script.js', ANALYTICS_WEBSITE_ID: 'abc-123' };
    server = await startTestServer(env);
    expect(server.core.settings.get().analytics).toBe(false);
    expect((await call(server.url, '/api/analytics/script')).text).toBe('void 0;');
    await server.close();
    expect(await script(env, false)).toBe('void 0;');
  });

  it('needs no body and refuses other methods', async () => {
    server = await startTestServer();
    expect((await call(server.url, '/api/analytics/script', { method: 'POST', body: {} })).status).toBe(405);
  });
});
