import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../../shared/contract';
import { AppError } from '../../../../shared/result';
import { handleRpc } from '../../../../electron/core/http/rpcRoutes';
import { createDispatcher } from '../../../../electron/core/rpc/dispatcher';
import type { HandlerContext, Handlers } from '../../../../electron/core/rpc/handlers';
import { PushBus } from '../../../../electron/core/rpc/pushBus';
import { createBridge } from '../../../../renderer/src/bridge/bridge';
import { httpTransport } from '../../../../renderer/src/bridge/httpTransport';

/**
 * Browser mode end to end: the transport talks to a real HTTP server on 127.0.0.1
 * that answers `/rpc/*` with the core's own route and dispatcher; only the handlers
 * behind them are the test's.
 */
let aborted: () => void = () => undefined;
const handlerSawAbort = () => new Promise<void>((r) => (aborted = r));

// Results of the test's own shape (app.info echoes what reached the core), hence the cast.
const handlers = {
  'app.info': (ctx: HandlerContext) => ({ locale: ctx.meta.locale ?? null, transport: ctx.transport }),
  'settings.get': () => {
    throw new AppError({ code: 'rate_limited', message: 'slow down' });
  },
  async *'chat.send'(ctx: HandlerContext, { messages }: { messages: Array<{ content: string }> }) {
    const q = messages.at(-1)!.content;
    if (q === 'hang') {
      yield 'waiting';
      await new Promise((r) => ctx.signal.addEventListener('abort', r, { once: true }));
      aborted();
      return { text: '' };
    }
    for (const word of q.split(' ')) yield `${word} `;
    if (q.startsWith('fail')) throw new AppError({ code: 'upstream_error', message: 'the model failed', status: 502 });
    return { text: q.toUpperCase() };
  },
} as unknown as Handlers;

let n = 0;
const dispatcher = createDispatcher(handlers, { newId: () => `s${++n}`, logInternal: () => undefined });
const bus = new PushBus();

const server = http.createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
  // Two answers the core never gives but the network can: a stream cut off, and a proxy's error page.
  if (pathname === '/rpc/test.cut') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'X-Stream-Id': 'cut' });
    res.write('event: chunk\ndata: "ha');
    setTimeout(() => res.end('lf"\n\n'), 20);
    return;
  }
  if (pathname === '/rpc/test.proxy') {
    res.writeHead(502, { 'Content-Type': 'text/html' });
    res.end('<html><body>Bad gateway</body></html>');
    return;
  }
  void handleRpc(req, res, pathname, { dispatcher, bus }).catch(() => res.destroy());
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Starts a stream, collecting its events until done or error. */
async function collect(method: string, args: unknown[], meta: unknown = {}) {
  const events: StreamEvent[] = [];
  let end!: () => void;
  const ended = new Promise<void>((r) => (end = r));
  const started = await httpTransport(base).startStream(method, args, meta, (e) => {
    events.push(e);
    if (e.type !== 'chunk') end();
  });
  return { started, events, ended };
}

const ask = (content: string) => [{ messages: [{ role: 'user', content }] }];

describe('httpTransport: calls over POST /rpc/<method>', () => {
  it('sends the arguments and the UI locale, and returns the value', async () => {
    const t = httpTransport(base);
    expect(t.kind).toBe('http');
    expect(await t.call('app.info', [], { locale: 'ko' })).toEqual({ ok: true, value: { locale: 'ko', transport: 'http' } });
    expect(await t.call('app.info', [], {})).toEqual({ ok: true, value: { locale: null, transport: 'http' } });
  });

  it('returns the core’s error with its code, details and the HTTP status', async () => {
    const t = httpTransport(base);
    const unknown = await t.call('nope.nothing', [], {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_method', status: 404 } });
    const bad = await t.call('app.info', ['surplus'], {});
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_request', status: 400, message: 'invalid arguments for app.info', details: { issues: expect.any(Array) } } });
    // An error the core raised without a status travels with the one its code maps to.
    expect(await t.call('settings.get', [], {})).toEqual({ ok: false, error: { code: 'rate_limited', message: 'slow down', status: 429 } });
  });

  it('an error page that is not the core’s JSON becomes an internal error carrying the status', async () => {
    expect(await httpTransport(base).call('test.proxy', [], {})).toEqual({ ok: false, error: { code: 'internal', message: 'HTTP 502', status: 502 } });
  });

  it('a server that is not there is reported as offline, for calls and streams', async () => {
    const gone = http.createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise<void>((r) => gone.close(() => r()));
    const t = httpTransport(url);
    expect(await t.call('app.info', [], {})).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(await t.startStream('chat.send', ask('hi'), {}, () => undefined)).toMatchObject({ ok: false, error: { code: 'offline' } });
  });
});

describe('a call made as the page goes away (bridge.send)', () => {
  it('is a keepalive request, which a reload does not cancel; ordinary calls are not', async () => {
    const seen: { url: string; keepalive: boolean }[] = [];
    const real = globalThis.fetch;
    let reached!: () => void;
    const arrived = new Promise<void>((r) => (reached = r));
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      seen.push({ url, keepalive: init?.keepalive === true });
      const res = await real(url, init);
      if (seen.length === 2) reached();
      return res;
    }) as typeof fetch;
    try {
      const b = createBridge(httpTransport(base));
      expect(await b.call('app.info')).toMatchObject({ ok: true });
      b.send('app.info');
      await arrived;
    } finally {
      globalThis.fetch = real;
    }
    expect(seen).toEqual([
      { url: `${base}/rpc/app.info`, keepalive: false },
      { url: `${base}/rpc/app.info`, keepalive: true },
    ]);
  });
});

describe('httpTransport: streams as server-sent events', () => {
  it('delivers the chunks in order, then the result, under the stream id the server named', async () => {
    const { started, events, ended } = await collect('chat.send', ask('猫 が 好き'));
    expect(started.ok).toBe(true);
    await ended;
    // The body closing after `done` adds nothing.
    await new Promise((r) => setTimeout(r, 30));
    const id = events[0]!.id;
    expect(id).toMatch(/^s\d+$/);
    expect(events).toEqual([
      { id, type: 'chunk', chunk: '猫 ' },
      { id, type: 'chunk', chunk: 'が ' },
      { id, type: 'chunk', chunk: '好き ' },
      { id, type: 'done', result: { text: '猫 が 好き'.toUpperCase() } },
    ]);
  });

  it('a failure after some chunks arrives as the core’s error, and ends the stream', async () => {
    const { events, ended } = await collect('chat.send', ask('fail now'));
    await ended;
    expect(events.map((e) => e.type)).toEqual(['chunk', 'chunk', 'error']);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'upstream_error', message: 'the model failed', status: 502 } });
  });

  it('a stream the core refuses (bad arguments) fails to start with the core’s error', async () => {
    const { started, events } = await collect('chat.send', [{ messages: [] }]);
    expect(started).toMatchObject({ ok: false, error: { code: 'bad_request', status: 400 } });
    expect(events).toEqual([]);
  });

  it('cancel closes the connection: the core’s handler is aborted and the stream ends as cancelled', async () => {
    const sawAbort = handlerSawAbort();
    const { started, events, ended } = await collect('chat.send', ask('hang'));
    if (!started.ok) throw new Error('not started');
    while (events.length === 0) await new Promise((r) => setTimeout(r, 5));
    started.value.cancel();
    await ended;
    await sawAbort;
    expect(events.map((e) => e.type)).toEqual(['chunk', 'error']);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'cancelled' } });
  });

  it('an event split across packets is put back together; a body that ends without done or error is an early end', async () => {
    const { events, ended } = await collect('test.cut', []);
    await ended;
    expect(events).toEqual([
      { id: 'cut', type: 'chunk', chunk: 'half' },
      { id: 'cut', type: 'error', error: { code: 'upstream_error', message: 'the stream ended early' } },
    ]);
  });

  it('through the bridge, a stream iterates its chunks and settles with the result', async () => {
    const bridge = createBridge(httpTransport(base), () => ({ locale: 'en' }));
    const s = bridge.stream('chat.send', { messages: [{ role: 'user', content: 'a b' }] });
    const chunks: string[] = [];
    for await (const c of s) chunks.push(c);
    expect(chunks).toEqual(['a ', 'b ']);
    expect(await s.result).toEqual({ ok: true, value: { text: 'A B' } });
  });
});
