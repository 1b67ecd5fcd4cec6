/**
 * The server's own limits: a request must arrive whole within the body deadline (slow clients
 * cannot hold a socket forever), a long response (SSE) is not cut by it, and the connection cap
 * leaves room for 64 keep-alive clients while refusing what is beyond it.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, DEFAULT_SERVER_LIMITS, listen, type RunningServer, type ServerLimits } from '../../../electron/core/http/server';
import { createApi } from '../../../electron/core/routes/api';
import { startFakeGateway, type FakeGateway } from '../../fakes/gateway';
import { sseContent } from '../../support/routesHarness';
import { makeTestCore } from '../../support/testCore';

const DEADLINE_MS = 400;
const KEY = 'sk-limits-test';

interface Started {
  running: RunningServer;
  close(): Promise<void>;
}

/** A real core and /api behind createHttpServer with the given limits. */
async function start(gw: FakeGateway, limits: Partial<ServerLimits>): Promise<Started> {
  const core = makeTestCore({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: KEY, CODE: 'limits-code', SESSION_SECRET: 's'.repeat(32) });
  const api = createApi(core);
  const server = createHttpServer({ dispatcher: core.dispatcher, bus: core.bus, api: api.handle, auth: api.auth, limits });
  const running = await listen(server, '127.0.0.1', 0);
  return {
    running,
    async close() {
      await running.close();
      await api.close();
      core.cleanupDir();
    },
  };
}

/** Resolves with everything the socket received once the server closed it; rejects after `ms`. */
function untilClosed(socket: net.Socket, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the server kept the connection open for ${ms} ms; got: ${JSON.stringify(text)}`)), ms);
    socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', () => undefined);
  });
}

let gw: FakeGateway;
beforeAll(async () => {
  gw = await startFakeGateway({ keys: [{ key: KEY }] });
});
afterAll(async () => {
  await gw.close();
});

describe('the request body deadline', () => {
  let app: Started;
  beforeAll(async () => {
    app = await start(gw, { bodyTimeoutMs: DEADLINE_MS });
  });
  afterAll(async () => {
    await app.close();
  });

  it('defaults to 30 s', () => {
    expect(DEFAULT_SERVER_LIMITS.bodyTimeoutMs).toBe(30_000);
  });

  it('a body trickling in past the deadline → 408 with the usual error body, connection closed', async () => {
    // Half-open allowed: a client that ignores the server's FIN must still lose the connection.
    const socket = net.connect({ port: app.running.port, host: '127.0.0.1', allowHalfOpen: true });
    const started = Date.now();
    socket.write('POST /api/auth HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n{"pass');
    // A byte now and then: an idle timeout alone would never fire.
    const drip = setInterval(() => socket.writable && socket.write(' '), 50);
    try {
      const text = await untilClosed(socket, 10_000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: { message: '请求超时：请求头或请求体未在时限内送达' } });
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('headers that never finish are cut at the deadline too', async () => {
    const socket = net.connect(app.running.port, '127.0.0.1');
    socket.write('GET /api/auth HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 50);
    try {
      expect(await untilClosed(socket, 10_000)).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });

  it('a body that arrives in time is judged as usual', async () => {
    const res = await fetch(`${app.running.url}/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: 'limits-code' }) });
    expect(res.status).toBe(200);
  });

  it('a streamed answer lasting several deadlines is not cut (the limit is on the request only)', async () => {
    const login = await fetch(`${app.running.url}/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: 'limits-code' }) });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    gw.state.reply = 'ゆっくり流れる長い返事です。';
    gw.state.chunkChars = 2;
    gw.state.chunkDelayMs = 150;
    try {
      const started = Date.now();
      const res = await fetch(`${app.running.url}/api/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], useStream: true }),
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(Date.now() - started).toBeGreaterThan(DEADLINE_MS * 2);
      expect(sseContent(text)).toBe('ゆっくり流れる長い返事です。');
    } finally {
      gw.state.chunkChars = 6;
      gw.state.chunkDelayMs = 0;
    }
  });

  it('/rpc/events stays open past the deadline and still delivers pushes', async () => {
    const login = await fetch(`${app.running.url}/api/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password: 'limits-code' }) });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const socket = net.connect(app.running.port, '127.0.0.1');
    let text = '';
    let closed = false;
    socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
    socket.on('close', () => (closed = true));
    socket.write(`GET /rpc/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
    try {
      await new Promise((r) => setTimeout(r, DEADLINE_MS * 3));
      expect(closed).toBe(false);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      // A push after the deadline still arrives on the same connection.
      await fetch(`${app.running.url}/rpc/settings.set`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify([{ theme: 'dark' }]) });
      await expect.poll(() => text.includes('settings.changed'), { timeout: 5_000 }).toBe(true);
      expect(closed).toBe(false);
    } finally {
      socket.destroy();
    }
  });
});

describe('the connection cap', () => {
  /** One request on a keep-alive agent; the status and the local port of the socket it used. */
  function hit(url: string, agent: http.Agent): Promise<{ status: number; port: number }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${url}/api/auth`, { agent }, (res) => {
        const port = res.socket.localPort ?? 0;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, port }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** `n` keep-alive clients (one socket each) making `rounds` requests in lockstep. */
  async function clients(url: string, n: number, rounds: number) {
    const agents = Array.from({ length: n }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const replies: Array<Array<{ status: number; port: number }>> = [];
    for (let r = 0; r < rounds; r++) replies.push(await Promise.all(agents.map((a) => hit(url, a))));
    return { agents, replies, close: () => agents.forEach((a) => a.destroy()) };
  }

  const openConnections = (app: Started) =>
    new Promise<number>((resolve, reject) => app.running.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

  it('64 keep-alive clients at once are all served, with the default cap', async () => {
    const app = await start(gw, {});
    const c = await clients(app.running.url, 64, 3);
    try {
      expect(c.replies.flat().map((r) => r.status)).toEqual(Array(64 * 3).fill(200));
      // Each client kept its one connection, and all 64 are open together.
      for (let i = 0; i < 64; i++) expect(new Set(c.replies.map((round) => round[i]!.port)).size).toBe(1);
      expect(await openConnections(app)).toBe(64);
      expect(app.running.server.maxConnections).toBe(DEFAULT_SERVER_LIMITS.maxConnections);
      expect(DEFAULT_SERVER_LIMITS.maxConnections).toBeGreaterThanOrEqual(64);
    } finally {
      c.close();
      await app.close();
    }
  });

  it('connections beyond the cap are closed on arrival; those within it keep working', async () => {
    const app = await start(gw, { maxConnections: 4 });
    const c = await clients(app.running.url, 4, 1);
    try {
      expect(c.replies.flat().map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const extra = net.connect(app.running.port, '127.0.0.1');
      extra.write('GET /api/auth HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect(await untilClosed(extra, 5_000)).toBe('');
      // The four kept-alive clients are still served, on their own connections.
      const again = await Promise.all(c.agents.map((a) => hit(app.running.url, a)));
      expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(again.map((r) => r.port)).toEqual(c.replies[0]!.map((r) => r.port));
    } finally {
      c.close();
      await app.close();
    }
  });
});
