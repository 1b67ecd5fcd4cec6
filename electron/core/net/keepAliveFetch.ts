/**
 * A `fetch` for the model gateways built on node:http(s) with keep-alive agents.
 *
 * Why not the global fetch: undici's fetch clones requests, tees bodies and
 * builds several web streams per call; as the hop in front of every `/api`
 * request it cost several milliseconds per call (bench `routes`). This keeps the
 * `Response` interface the gateway client is written against, so the client,
 * its retry policy and its error model are unchanged, and only the transport is
 * leaner.
 *
 * Scope, on purpose: string or byte bodies, no redirects (the gateway API has
 * none), gzip/deflate/br bodies decoded like fetch does. Anything else (a
 * `Request` object, a stream body, another scheme) goes to the global fetch.
 * Failures before the response look like fetch's: `TypeError('fetch failed')`
 * with the socket error as `cause`, or the signal's reason when aborted.
 */
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

type Fetch = typeof fetch;

/** Statuses whose response must not carry a body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function headerRecord(h: RequestInit['headers']): Record<string, string> {
  if (!h) return {};
  if (h instanceof Headers || Array.isArray(h)) return Object.fromEntries(new Headers(h));
  return { ...(h as Record<string, string>) };
}

function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

function decoded(res: http.IncomingMessage): Readable {
  switch (res.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

export interface KeepAliveFetch {
  fetch: Fetch;
  /** Closes idle pooled sockets (on shutdown). */
  close(): void;
}

export function createKeepAliveFetch(opts: { maxSockets?: number } = {}): KeepAliveFetch {
  const agentOptions = { keepAlive: true, maxSockets: opts.maxSockets ?? 64 };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  const nodeFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const body = init.body;
    const simpleBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
    if (input instanceof Request || !simpleBody) return fetch(input, init);
    const url = input instanceof URL ? input : new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(input, init);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(signal.reason);

    return new Promise<Response>((resolve, reject) => {
      const transport = url.protocol === 'https:' ? https : http;
      const req = transport.request(url, {
        method: init.method ?? 'GET',
        headers: headerRecord(init.headers),
        agent: agents[url.protocol as 'http:' | 'https:'],
      });
      let answered = false;
      let stream: Readable | undefined;
      const onAbort = (): void => {
        const reason: unknown = signal?.reason;
        if (!answered) reject(reason);
        // Destroying the body makes the Response's stream error with the same reason fetch uses.
        stream?.destroy(reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError'));
        req.destroy();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = (): void => signal?.removeEventListener('abort', onAbort);

      req.on('error', (err) => {
        if (answered) return; // after the headers, the body stream reports it
        done();
        if (!signal?.aborted) reject(new TypeError('fetch failed', { cause: err }));
      });
      req.on('response', (res) => {
        answered = true;
        const status = res.statusCode ?? 502;
        const headers = responseHeaders(res.rawHeaders);
        if (NULL_BODY.has(status) || init.method === 'HEAD') {
          res.resume();
          done();
          resolve(new Response(null, { status, statusText: res.statusMessage, headers }));
          return;
        }
        stream = decoded(res);
        if (stream !== res) res.on('error', (e) => stream?.destroy(e));
        stream.once('close', done);
        try {
          resolve(new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage, headers }));
        } catch (e) {
          // A status the Response type cannot hold (e.g. 1xx): not a usable answer.
          stream.destroy();
          reject(new TypeError('fetch failed', { cause: e }));
        }
      });
      req.end(body ?? undefined);
    });
  };

  return {
    fetch: nodeFetch as Fetch,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
