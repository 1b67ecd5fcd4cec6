import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResponseBounded as readBodyCapped, readResponseTextBounded as readTextCapped } from '../../../electron/core/net/boundedRead';
import { bodyChunks, contentTypeOf, createKeepAliveFetch } from '../../../electron/core/net/keepAliveFetch';
import { UPSTREAM_JSON_LIMIT_BYTES } from '../../../electron/core/net/upstreamLimits';
import { flood, type FloodReport } from '../../fakes/flood';
import { rejection } from '../../support/appError';

/** A real local server whose answers each test picks by path. */
let server: http.Server;
let base: string;
const seen: { method?: string; headers: http.IncomingHttpHeaders; body: string; remotePort?: number }[] = [];
let release: (() => void) | undefined;
const floods: Array<Promise<FloodReport>> = [];
const MiB = 1024 * 1024;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body, remotePort: req.socket.remotePort });
      switch (req.url) {
        case '/json':
          res.writeHead(201, 'Made', { 'Content-Type': 'application/json', 'X-Extra': 'a' });
          res.end(JSON.stringify({ echo: body }));
          return;
        case '/gzip':
          res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Type': 'text/plain' });
          res.end(zlib.gzipSync('日本語のテキスト'));
          return;
        case '/empty':
          res.writeHead(204);
          res.end();
          return;
        case '/stream':
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          res.write('data: one\n\n');
          release = () => res.end('data: two\n\n');
          return;
        case '/hang':
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.write('partial');
          return; // never ends
        case '/never':
          return; // no headers at all
        case '/flood':
        case '/flood-gzip':
        case '/flood-br':
          floods.push(flood(res, { encoding: req.url === '/flood-gzip' ? 'gzip' : req.url === '/flood-br' ? 'br' : undefined }));
          return;
        case '/one-mib':
          floods.push(flood(res, { bytes: MiB }));
          return;
        case '/one-mib-gzip':
          floods.push(flood(res, { bytes: MiB, encoding: 'gzip' }));
          return;
        default:
          res.writeHead(404);
          res.end('nope');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('keep-alive fetch (the gateway transport)', () => {
  it('sends method, headers and body; answers status, status text, headers and body like fetch', async () => {
    const { fetch, close } = createKeepAliveFetch();
    const res = await fetch(`${base}/json`, { method: 'POST', headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' }, body: '{"a":1}' });
    expect(res.status).toBe(201);
    expect(res.statusText).toBe('Made');
    expect(res.ok).toBe(true);
    expect(res.headers.get('x-extra')).toBe('a');
    expect(contentTypeOf(res)).toBe('application/json');
    expect(await res.json()).toEqual({ echo: '{"a":1}' });
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe('Bearer k');
    expect(req.headers['content-length']).toBe('7');
    expect(req.headers['transfer-encoding']).toBeUndefined();
    close();
  });

  it('reuses one pooled connection for calls in sequence', async () => {
    const { fetch, close } = createKeepAliveFetch();
    const before = seen.length;
    for (let i = 0; i < 3; i++) await (await fetch(`${base}/json`, { method: 'POST', body: String(i) })).text();
    const ports = new Set(seen.slice(before).map((s) => s.remotePort));
    expect(ports.size).toBe(1);
    close();
  });

  it('decodes a gzip body, gives 204 a null body, and keeps a 404 readable', async () => {
    const { fetch, close } = createKeepAliveFetch();
    expect(await (await fetch(`${base}/gzip`)).text()).toBe('日本語のテキスト');
    const empty = await fetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const missing = await fetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('nope');
    close();
  });

  it('streams: the first chunk is readable before the server ends the body', async () => {
    const { fetch, close } = createKeepAliveFetch();
    const res = await fetch(`${base}/stream`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
    release!();
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('data: two\n\n');
    close();
  });

  it('an abort before the headers rejects with the signal’s reason; during the body it errors the stream', async () => {
    const { fetch, close } = createKeepAliveFetch();
    const early = new AbortController();
    const pending = fetch(`${base}/never`, { signal: early.signal });
    setTimeout(() => early.abort(new DOMException('stop', 'AbortError')), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', message: 'stop' });

    const late = new AbortController();
    const res = await fetch(`${base}/hang`, { signal: late.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('partial');
    late.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });

    const already = new AbortController();
    already.abort(new Error('before'));
    await expect(fetch(`${base}/json`, { signal: already.signal })).rejects.toThrow('before');
    close();
  });

  it('bodyChunks reads the node stream itself (no web stream): chunks as they come, an abort ends them, and the body is then used', async () => {
    const { fetch, close } = createKeepAliveFetch();
    const res = await fetch(`${base}/stream`);
    const chunks = bodyChunks(res)[Symbol.asyncIterator]();
    expect(new TextDecoder().decode((await chunks.next()).value as Uint8Array)).toBe('data: one\n\n');
    expect(res.bodyUsed).toBe(true);
    await expect(res.text()).rejects.toThrow(TypeError);
    release!();
    expect(new TextDecoder().decode((await chunks.next()).value as Uint8Array)).toBe('data: two\n\n');
    expect((await chunks.next()).done).toBe(true);

    const late = new AbortController();
    const hanging = await fetch(`${base}/hang`, { signal: late.signal });
    const parts = bodyChunks(hanging)[Symbol.asyncIterator]();
    expect(new TextDecoder().decode((await parts.next()).value as Uint8Array)).toBe('partial');
    late.abort();
    await expect(parts.next()).rejects.toMatchObject({ name: 'AbortError' });
    close();
  });

  it('text(), json() and arrayBuffer() read the body once, like fetch', async () => {
    const { fetch, close } = createKeepAliveFetch();
    const res = await fetch(`${base}/json`, { method: 'POST', body: 'x' });
    expect(res.bodyUsed).toBe(false);
    expect(await res.json()).toEqual({ echo: 'x' });
    expect(res.bodyUsed).toBe(true);
    await expect(res.arrayBuffer()).rejects.toThrow(TypeError);
    const again = await fetch(`${base}/json`, { method: 'POST', body: 'yz' });
    expect(new TextDecoder().decode(await again.arrayBuffer())).toBe('{"echo":"yz"}');
    close();
  });

  it('a refused connection looks like fetch’s network failure (TypeError with the socket error as cause)', async () => {
    const { fetch, close } = createKeepAliveFetch();
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const err = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe('fetch failed');
    expect(((err as TypeError).cause as { code?: string }).code).toBe('ECONNREFUSED');
    close();
  });
});

describe('byte caps on bodies read whole', () => {
  const tooLarge = (limitBytes: number, mib: string) => ({
    code: 'upstream_error',
    message: `上游响应过大（超过 ${mib} MiB），已停止读取`,
    status: 502,
    details: { reason: 'too_large', tooLarge: true, limitBytes },
  });

  it('text() stops an endless JSON body at the default 16 MiB and drops the connection', async () => {
    expect(UPSTREAM_JSON_LIMIT_BYTES).toBe(16 * MiB);
    const { fetch, close } = createKeepAliveFetch();
    const res = await fetch(`${base}/flood`);
    expect((await rejection(res.text())).data).toEqual(tooLarge(16 * MiB, '16'));
    const report = await floods.at(-1)!;
    expect(report.cutByClient).toBe(true);
    expect(report.sent).toBeLessThan(UPSTREAM_JSON_LIMIT_BYTES + 8 * MiB);
    close();
  });

  it.each(['/flood-gzip', '/flood-br'])('%s: a small compressed body inflating without end is counted after decoding', async (p) => {
    const { fetch, close } = createKeepAliveFetch();
    const res = await fetch(`${base}${p}`);
    expect((await rejection(res.json())).data).toEqual(tooLarge(16 * MiB, '16'));
    expect((await floods.at(-1)!).cutByClient).toBe(true);
    // The pool is still usable afterwards.
    expect(await (await fetch(`${base}/json`, { method: 'POST', body: 'ok' })).json()).toEqual({ echo: 'ok' });
    close();
  });

  it('a body of exactly the cap is read; one byte over is refused (a smaller cap for the test)', async () => {
    const { fetch, close } = createKeepAliveFetch({ maxBodyBytes: MiB });
    expect((await (await fetch(`${base}/one-mib`)).arrayBuffer()).byteLength).toBe(MiB);
    expect((await (await fetch(`${base}/one-mib-gzip`)).text()).length).toBe(MiB);
    const { fetch: tighter, close: closeTighter } = createKeepAliveFetch({ maxBodyBytes: MiB - 1 });
    expect((await rejection((await tighter(`${base}/one-mib-gzip`)).text())).data).toEqual(tooLarge(MiB - 1, '1'));
    close();
    closeTighter();
  });

  it('readBodyCapped caps the global fetch’s responses too (and this fetch’s, at any limit)', async () => {
    const plain = await globalThis.fetch(`${base}/flood-gzip`);
    expect((await rejection(readBodyCapped(plain, 2 * MiB))).data).toEqual(tooLarge(2 * MiB, '2'));
    expect((await floods.at(-1)!).cutByClient).toBe(true);
    const small = await globalThis.fetch(`${base}/json`, { method: 'POST', body: 'g' });
    expect(await readTextCapped(small, 100)).toBe('{"echo":"g"}');
    const { fetch, close } = createKeepAliveFetch();
    expect((await rejection(readTextCapped(await fetch(`${base}/one-mib`), MiB / 2))).data).toEqual(tooLarge(MiB / 2, '0.5'));
    close();
  });
});
