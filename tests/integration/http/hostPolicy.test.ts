import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostPolicyError, isLoopbackHost } from '../../../electron/core/http/hostPolicy';
import { startTestServer } from '../../support/browserMode';
import { makeTempDir } from '../../support/tempDir';

const SERVE = path.resolve(import.meta.dirname, '../../../out/main/serve.js');

describe('HOST rule', () => {
  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.8.9.1', 'localhost', '::1', '[::1]', 'app.localhost']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.4', '10.0.0.1', 'example.com', '128.0.0.1']) expect(isLoopbackHost(h), h).toBe(false);
  });

  it('refuses a non-loopback HOST without CODE, allows it with CODE', () => {
    expect(hostPolicyError('0.0.0.0', undefined)).toMatch(/CODE/);
    expect(hostPolicyError('0.0.0.0', 'secret')).toBeUndefined();
    expect(hostPolicyError('127.0.0.1', undefined)).toBeUndefined();
  });

  it('startBrowserMode refuses before opening a port', async () => {
    await expect(startTestServer({ HOST: '0.0.0.0' })).rejects.toThrow(/no access code/);
  });

  it('PORT=0 picks a free port and two servers get different ones', async () => {
    const a = await startTestServer();
    const b = await startTestServer();
    expect(a.port).toBeGreaterThan(0);
    expect(a.port).not.toBe(b.port);
    await a.close();
    await b.close();
  });
});

describe('npm run serve (built out/main/serve.js)', () => {
  const run = (env: NodeJS.ProcessEnv) => {
    if (!fs.existsSync(SERVE)) throw new Error('out/main/serve.js is missing: run `npm run build` first (npm test does it)');
    const tmp = makeTempDir();
    const child = spawn(process.execPath, [SERVE], { env: { ...process.env, APP_DATA_DIR: tmp.dir, PORT: '0', ...env }, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    return { child, output: () => out, exited, tmp };
  };

  it('prints the listening line, serves the shell and stops cleanly on SIGTERM', async () => {
    const p = run({});
    const end = Date.now() + 10_000;
    while (!/listening on http:\/\/127\.0\.0\.1:\d+/.test(p.output()) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    const url = p.output().match(/listening on (http:\/\/\S+)/)?.[1];
    expect(url).toBeTruthy();
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<div id="root">');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    p.tmp.cleanup();
  });

  it('exits with a clear message for a non-loopback HOST without CODE', async () => {
    const p = run({ HOST: '0.0.0.0' });
    expect(await p.exited).toBe(2);
    expect(p.output()).toMatch(/Refusing to listen on 0\.0\.0\.0.*CODE/s);
    p.tmp.cleanup();
  });
});
