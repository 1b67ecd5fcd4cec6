/**
 * GET /api/analytics/script in browser mode: a loader when both variables are set (whatever the
 * desktop setting), else `void 0;`; never cached. The page's CSP then allows the script's origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../support/browserMode';
import { makeTempDir } from '../../support/tempDir';
import { call, type TestServer } from '../../support/routesHarness';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function script(env: NodeJS.ProcessEnv, analytics = false) {
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

  it('serves the loader whatever the analytics setting (the opt-in rule is the desktop app’s)', async () => {
    const env = { ANALYTICS_SCRIPT_SRC: 'https://stats.example.com/script.js', ANALYTICS_WEBSITE_ID: 'abc-123' };
    server = await startTestServer(env);
    expect(server.core.settings.get().analytics).toBe(false);
    const off = (await call(server.url, '/api/analytics/script')).text;
    expect(runLoader(off)).toEqual([{ tag: 'script', src: env.ANALYTICS_SCRIPT_SRC, defer: true, attrs: { 'data-website-id': 'abc-123' } }]);
    await server.close();
    expect(await script(env, true)).toBe(off);
  });

  it('needs no body and refuses other methods', async () => {
    server = await startTestServer();
    expect((await call(server.url, '/api/analytics/script', { method: 'POST', body: {} })).status).toBe(405);
  });
});

describe('the page’s Content-Security-Policy in browser mode', () => {
  const PAGE = `<!doctype html><html><head>
    <meta
      http-equiv="Content-Security-Policy"
      content="default-src 'self'; script-src 'self'; connect-src 'self'"
    />
    <title>page</title></head><body></body></html>`;
  let staticDir: ReturnType<typeof makeTempDir>;
  beforeAll(() => {
    staticDir = makeTempDir('yomimono-static-');
    fs.writeFileSync(path.join(staticDir.dir, 'index.html'), PAGE);
  });
  afterAll(() => staticDir.cleanup());

  /** The policy's directives by name. */
  async function policyOf(env: NodeJS.ProcessEnv): Promise<{ directives: Map<string, string[]>; html: string }> {
    server = await startTestServer(env, { staticDir: staticDir.dir });
    const page = await call(server.url, '/');
    expect(page.status).toBe(200);
    const header = page.headers.get('content-security-policy') ?? '';
    const directives = new Map(header.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    return { directives, html: page.text };
  }

  it('allows the analytics script’s one origin when the loader is served', async () => {
    const { directives, html } = await policyOf({ ANALYTICS_SCRIPT_SRC: 'https://stats.example.com/u/script.js', ANALYTICS_WEBSITE_ID: 'abc-123' });
    expect(directives.get('script-src')).toEqual(["'self'", 'https://stats.example.com']);
    // The script reports to where it came from.
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://stats.example.com']);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    // The built page's own <meta> policy (script-src 'self') would still block it: the header is the policy.
    expect(html).not.toContain('Content-Security-Policy');
    expect(html).toContain('<title>page</title>');
  });

  it.each([{}, { ANALYTICS_SCRIPT_SRC: 'https://stats.example.com/u/script.js' }, { ANALYTICS_SCRIPT_SRC: '/script.js', ANALYTICS_WEBSITE_ID: 'abc-123' }])(
    'allows our own scripts only otherwise: %j',
    async (env) => {
      const { directives } = await policyOf(env);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
    },
  );
});
