/** The CODE access rule: the ja_session cookie, its attributes and signature, the login rate limit. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';
import { loadConfig } from '../../../electron/core/config/config';
import { loadSessionSecret, SessionSigner } from '../../../electron/core/routes/auth/session';
import { makeTempDir } from '../../support/tempDir';
import { call, chatRequests, errorBody, post, startRoutesEnv, VALID_BODIES, type Reply, type RoutesEnv } from '../../support/routesHarness';

const CODE = 'correct horse battery staple';
const SECRET = 'route-tests-session-secret-0123456789';
const WEEK_S = 7 * 24 * 60 * 60;

/**
 * A token made the way the server signs them: `<expires>.<nonce>.<base64url HMAC-SHA256 of "expires.nonce">`,
 * keyed by HMAC-SHA256(SESSION_SECRET, "ja_session\0" + CODE) so that a new CODE voids every cookie.
 */
function forgeToken(expiresS: number, secret = SECRET, code = CODE): string {
  const key = crypto.createHmac('sha256', secret).update(`ja_session\0${code}`).digest();
  const payload = `${expiresS}.${crypto.randomBytes(12).toString('base64url')}`;
  return `${payload}.${crypto.createHmac('sha256', key).update(payload).digest('base64url')}`;
}

const cookieOf = (token: string) => ({ Cookie: `ja_session=${token}` });
const login = (env: RoutesEnv, password: string, headers: Record<string, string> = {}) => post(env.url, '/api/auth', { password }, headers);
const setCookie = (res: Reply): string[] => res.headers.getSetCookie();

type RawReply = { status: number; json: unknown; headers: http.IncomingHttpHeaders };

/**
 * Logins on connections of their own (no pooling): every request's headers go out first, the
 * bodies only once all of them are in flight, as an attacker holding N connections would do.
 */
async function concurrentLogins(base: string, passwords: string[]): Promise<RawReply[]> {
  const requests = passwords.map((password) => {
    const body = JSON.stringify({ password });
    const req = http.request(new URL('/api/auth', base), {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close' },
    });
    const reply = new Promise<RawReply>((resolve, reject) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: res.headers }));
      });
      req.on('error', reject);
    });
    req.flushHeaders();
    return { req, body, reply };
  });
  await new Promise((r) => setTimeout(r, 500));
  for (const { req, body } of requests) req.end(body);
  return Promise.all(requests.map((r) => r.reply));
}

describe('with CODE set', () => {
  let env: RoutesEnv;
  let staticDir: ReturnType<typeof makeTempDir>;
  beforeAll(async () => {
    staticDir = makeTempDir('yomimono-static-');
    fs.writeFileSync(path.join(staticDir.dir, 'index.html'), '<!doctype html><title>login</title>');
    env = await startRoutesEnv({ env: { CODE, SESSION_SECRET: SECRET }, staticDir: staticDir.dir });
  });
  afterAll(async () => {
    await env.close();
    staticDir.cleanup();
  });

  const PROTECTED: Array<[method: string, path: string, body?: unknown]> = [
    ...Object.entries(VALID_BODIES).map(([p, b]) => ['POST', p, b] as [string, string, unknown]),
    ['POST', '/api/tts', { text: '猫' }],
    ['GET', '/api/daily-sentence'],
    ['GET', '/api/does-not-exist'],
  ];

  it.each(PROTECTED)('%s %s without a cookie → 401 with the fixed message, nothing done', async (method, p, body) => {
    const res = await call(env.url, p, { method, body });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(errorBody(SEED_MESSAGES.authRequired));
    expect(chatRequests(env.gw)).toHaveLength(0);
  });

  it('/rpc/* without a cookie → 401 too', async () => {
    for (const p of ['/rpc/app.info', '/rpc/settings.get', '/rpc/events']) {
      const res = await call(env.url, p, { method: p.endsWith('events') ? 'GET' : 'POST', body: p.endsWith('events') ? undefined : '[]' });
      expect(res.status, p).toBe(401);
      expect(res.json).toMatchObject({ error: { message: SEED_MESSAGES.authRequired } });
    }
  });

  it('the static renderer and the analytics script stay public', async () => {
    const page = await call(env.url, '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>login</title>');
    expect((await call(env.url, '/api/analytics/script')).status).toBe(200);
  });

  it('GET /api/auth tells that a login is needed', async () => {
    const res = await call(env.url, '/api/auth');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ requiresAuth: true, authenticated: false });
  });

  it('a wrong password → 401 and no cookie', async () => {
    const res = await login(env, 'wrong');
    expect(res.status).toBe(401);
    expect(res.json).toEqual(errorBody(APP_MESSAGES.wrongPassword));
    expect(setCookie(res)).toEqual([]);
  });

  it('the right password → 200 {success:true} and the ja_session cookie with its attributes', async () => {
    const res = await login(env, CODE);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    const [cookie, ...more] = setCookie(res);
    expect(more).toEqual([]);
    const [pair, ...attrs] = cookie!.split(';').map((s) => s.trim());
    expect(pair).toMatch(/^ja_session=[^;\s]+$/);
    expect(attrs.map((a) => a.toLowerCase()).sort()).toEqual(['httponly', `max-age=${WEEK_S}`, 'path=/', 'samesite=strict']);
  });

  it('Secure is added behind an https proxy', async () => {
    const res = await login(env, CODE, { 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(200);
    expect(setCookie(res)[0]!.split(';').map((s) => s.trim())).toContain('Secure');
  });

  it('the cookie then opens /api and /rpc, and GET /api/auth says so', async () => {
    const token = setCookie(await login(env, CODE))[0]!.split(';')[0]!.slice('ja_session='.length);
    const headers = cookieOf(token);
    expect((await call(env.url, '/api/auth', { headers })).json).toEqual({ requiresAuth: true, authenticated: true });
    const translated = await post(env.url, '/api/translate', { text: '猫' }, headers);
    expect(translated.status).toBe(200);
    expect(chatRequests(env.gw)).toHaveLength(1);
    expect((await call(env.url, '/rpc/app.info', { method: 'POST', body: '[]', headers })).status).toBe(200);
    // Other cookies next to it do not matter.
    expect((await call(env.url, '/api/auth', { headers: { Cookie: `a=b; ja_session=${token}; c=d` } })).json).toMatchObject({ authenticated: true });
  });

  it('a cookie signed by the server’s scheme with its secret is accepted (the test’s forging matches)', async () => {
    const headers = cookieOf(forgeToken(Math.floor(Date.now() / 1000) + 60));
    expect((await call(env.url, '/api/auth', { headers })).json).toMatchObject({ authenticated: true });
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['empty', ''],
    ['tampered mac', (() => {
      const t = forgeToken(Math.floor(Date.now() / 1000) + 3600);
      const last = t.at(-2) === 'A' ? 'B' : 'A';
      return `${t.slice(0, -2)}${last}${t.at(-1)}`;
    })()],
    ['tampered expiry (extended, old mac)', (() => {
      const [exp, nonce, mac] = forgeToken(Math.floor(Date.now() / 1000) + 60).split('.');
      return `${Number(exp) + 365 * 86400}.${nonce}.${mac}`;
    })()],
    ['expired', forgeToken(Math.floor(Date.now() / 1000) - 1)],
    ['signed with another secret', forgeToken(Math.floor(Date.now() / 1000) + 3600, 'some-other-secret-0123456789abcdef')],
    ['signed with the secret alone (no CODE in the key)', (() => {
      const payload = `${Math.floor(Date.now() / 1000) + 3600}.${crypto.randomBytes(12).toString('base64url')}`;
      return `${payload}.${crypto.createHmac('sha256', SECRET).update(payload).digest('base64url')}`;
    })()],
    ['signed under another CODE', forgeToken(Math.floor(Date.now() / 1000) + 3600, SECRET, 'an older code')],
  ])('%s cookie → 401', async (_name, token) => {
    const headers = cookieOf(token);
    const res = await post(env.url, '/api/translate', { text: '猫' }, headers);
    expect(res.status).toBe(401);
    expect(res.json).toEqual(errorBody(SEED_MESSAGES.authRequired));
    expect((await call(env.url, '/api/auth', { headers })).json).toEqual({ requiresAuth: true, authenticated: false });
  });
});

describe('SessionSigner with an injected clock', () => {
  it('a token is valid for exactly seven days', () => {
    let now = Date.parse('2025-01-01T00:00:00Z');
    const signer = new SessionSigner(Buffer.from(SECRET), () => now);
    const token = signer.issue();
    expect(signer.verify(token)).toBe(true);
    now += WEEK_S * 1000 - 1000;
    expect(signer.verify(token)).toBe(true);
    now += 1000;
    expect(signer.verify(token)).toBe(false);
  });
});

describe('login rate limit', () => {
  let env: RoutesEnv;
  beforeAll(async () => {
    env = await startRoutesEnv({ env: { CODE, SESSION_SECRET: SECRET } });
  });
  afterAll(async () => {
    await env.close();
  });

  it('the 11th failed login within a minute → 429 with Retry-After', async () => {
    for (let i = 1; i <= 10; i++) expect((await login(env, `guess-${i}`)).status, `attempt ${i}`).toBe(401);
    const blocked = await login(env, 'guess-11');
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(errorBody(APP_MESSAGES.tooManyAttempts));
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // While blocked even the right password waits: guessing cannot continue.
    expect((await login(env, CODE)).status).toBe(429);
  });
});

describe('login rate limit under concurrency', () => {
  let env: RoutesEnv;
  beforeAll(async () => {
    env = await startRoutesEnv({ env: { CODE, SESSION_SECRET: SECRET } });
  });
  afterAll(async () => {
    await env.close();
  });

  it('30 wrong logins at once: at most 10 are judged (401), the rest get 429 with Retry-After', async () => {
    // All in flight together: the check must count each attempt before its body is read.
    const replies = await concurrentLogins(env.url, Array.from({ length: 30 }, (_, i) => `guess-${i}`));
    const judged = replies.filter((r) => r.status === 401);
    const limited = replies.filter((r) => r.status === 429);
    expect(judged.length).toBeLessThanOrEqual(10);
    expect(judged.length + limited.length).toBe(30);
    for (const r of limited) {
      expect(r.json).toEqual(errorBody(APP_MESSAGES.tooManyAttempts));
      const retryAfter = Number(r.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });
});

describe('session cookies and the access code', () => {
  it('changing CODE logs every session out; the same CODE and secret keep it', async () => {
    const first = await startRoutesEnv({ env: { CODE, SESSION_SECRET: SECRET } });
    let token: string;
    try {
      token = setCookie(await login(first, CODE))[0]!.split(';')[0]!.slice('ja_session='.length);
    } finally {
      await first.close();
    }
    const same = await startRoutesEnv({ env: { CODE, SESSION_SECRET: SECRET } });
    try {
      expect((await call(same.url, '/api/auth', { headers: cookieOf(token) })).json).toEqual({ requiresAuth: true, authenticated: true });
    } finally {
      await same.close();
    }
    const changed = await startRoutesEnv({ env: { CODE: 'a brand new code', SESSION_SECRET: SECRET } });
    try {
      expect((await call(changed.url, '/api/auth', { headers: cookieOf(token) })).json).toEqual({ requiresAuth: true, authenticated: false });
      expect((await post(changed.url, '/api/translate', { text: '猫' }, cookieOf(token))).status).toBe(401);
    } finally {
      await changed.close();
    }
  });

  it('a SESSION_SECRET shorter than 32 bytes is refused at start with a clear error', async () => {
    expect(() => loadConfig({ SESSION_SECRET: 'x'.repeat(31) })).toThrow(/SESSION_SECRET is too short \(31 bytes\).*at least 32/);
    // Counted in bytes: 11 three-byte characters are 33 bytes.
    expect(loadConfig({ SESSION_SECRET: '秘'.repeat(11) }).sessionSecret).toBe('秘'.repeat(11));
    expect(() => loadSessionSecret('short', '/nonexistent')).toThrow(/SESSION_SECRET is too short/);
  });
});

describe('without CODE', () => {
  let env: RoutesEnv;
  beforeAll(async () => {
    env = await startRoutesEnv();
  });
  afterAll(async () => {
    await env.close();
  });

  it('no check at all', async () => {
    expect((await call(env.url, '/api/auth')).json).toEqual({ requiresAuth: false, authenticated: true });
    expect((await post(env.url, '/api/translate', { text: '猫' })).status).toBe(200);
    expect((await call(env.url, '/rpc/app.info', { method: 'POST', body: '[]' })).status).toBe(200);
    // A stray or forged cookie changes nothing.
    expect((await post(env.url, '/api/translate', { text: '猫' }, cookieOf('forged'))).status).toBe(200);
  });

  it('POST /api/auth succeeds without setting a cookie', async () => {
    const res = await login(env, 'anything');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect(setCookie(res)).toEqual([]);
  });
});
