import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../support/browserMode';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ OPENROUTER_API_KEY: 'sk-never-used' });
});
afterAll(async () => {
  await server.close();
});

function raw(path: string, headers: Record<string, string>, body = '{}'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('cross-site request guards', () => {
  it('refuses non-JSON POSTs (what a hostile page can send without preflight) on /api and /rpc', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const api = await raw('/api/translate', { 'Content-Type': type }, '{"text":"猫"}');
      expect(api.status, type).toBe(415);
      expect(JSON.parse(api.body)).toEqual({ error: { message: '请求必须使用 Content-Type: application/json' } });
      const rpc = await raw('/rpc/settings.set', { 'Content-Type': type }, '[{"theme":"dark"}]');
      expect(rpc.status, type).toBe(415);
    }
    const noType = await raw('/rpc/secrets.clear', {}, '["openrouter"]');
    expect(noType.status).toBe(415);
    // Nothing changed.
    const settings = await fetch(`${server.url}/rpc/settings.get`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[]' });
    expect(await settings.json()).toMatchObject({ theme: 'system' });
  });

  it('a loopback server refuses foreign Host names (DNS rebinding)', async () => {
    const evil = await raw('/rpc/app.info', { 'Content-Type': 'application/json', Host: 'evil.example:8723' }, '[]');
    expect(evil.status).toBe(421);
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`]) {
      const ok = await raw('/rpc/app.info', { 'Content-Type': 'application/json', Host: host }, '[]');
      expect(ok.status, host).toBe(200);
    }
  });
});
