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
 *
 * Unlike fetch, a body read whole (`text()`, `json()`…) stops at a cap (16 MiB after
 * decoding by default, see upstreamLimits.ts) with an `upstreamTooLarge` error.
 */
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { readNodeBounded, readWebBounded } from './boundedRead';
import { UPSTREAM_JSON_LIMIT_BYTES } from './upstreamLimits';

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

/**
 * A `Response` over a node stream that builds nothing it is not asked for: the
 * headers object and the web stream only on first access. `text()` and friends
 * read the node stream directly, and a forwarder takes the node stream itself
 * (`bodyChunks`): no web stream at all on the hot path.
 */
class NodeResponse implements Response {
  readonly type = 'basic' as const;
  readonly redirected = false;
  readonly ok: boolean;
  #stream: Readable;
  #rawHeaders: string[];
  #headers: Headers | undefined;
  #web: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;
  #used = false;
  readonly #maxBodyBytes: number;

  constructor(
    stream: Readable,
    readonly status: number,
    readonly statusText: string,
    readonly url: string,
    rawHeaders: string[],
    maxBodyBytes: number,
  ) {
    this.ok = status >= 200 && status <= 299;
    this.#stream = stream;
    this.#rawHeaders = rawHeaders;
    this.#maxBodyBytes = maxBodyBytes;
  }

  get headers(): Headers {
    this.#headers ??= responseHeaders(this.#rawHeaders);
    return this.#headers;
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    this.#web ??= Readable.toWeb(this.#stream) as ReadableStream<Uint8Array<ArrayBuffer>>;
    return this.#web;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  /** A header from the raw list, without building `headers`. */
  rawHeader(name: string): string | null {
    const raw = this.#rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) return raw[i + 1]!;
    return null;
  }

  /** The node stream, once: for a caller that forwards the bytes. */
  takeStream(): Readable | undefined {
    if (this.#used || this.#web) return undefined;
    this.#used = true;
    return this.#stream;
  }

  /** The whole body, up to `limit` bytes (decoded); past it the stream is destroyed and upstreamTooLarge thrown. */
  async bytesUpTo(limit: number): Promise<Buffer> {
    if (this.#web) return readWebBounded(this.#web, limit);
    const stream = this.takeStream();
    if (!stream) throw new TypeError('Body is unusable: Body has already been read');
    return readNodeBounded(stream, limit);
  }

  #bytes(): Promise<Buffer> {
    return this.bytesUpTo(this.#maxBodyBytes);
  }

  async text(): Promise<string> {
    return (await this.#bytes()).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const b = await this.#bytes();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  async formData(): Promise<FormData> {
    return new Response(await this.arrayBuffer(), { headers: this.headers }).formData();
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  clone(): Response {
    const [a, b] = this.body.tee();
    this.#web = a;
    return new Response(b, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/** A response's Content-Type; from the raw headers when this fetch made it. */
export function contentTypeOf(res: Response): string | null {
  return res instanceof NodeResponse ? res.rawHeader('content-type') : res.headers.get('content-type');
}

/**
 * A response body as chunks: the node stream it came on when this fetch made it
 * (no web stream built), else the web body. Stopping the iteration early
 * destroys or cancels the body.
 */
export function bodyChunks(res: Response): AsyncIterable<Uint8Array> {
  const node = res instanceof NodeResponse ? res.takeStream() : undefined;
  return node ?? webChunks(res.body);
}

async function* webChunks(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array, void, undefined> {
  if (!body) return;
  const reader = body.getReader();
  let closed = false;
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) {
        closed = true;
        return;
      }
      yield step.value;
    }
  } finally {
    if (!closed) await reader.cancel().catch(() => undefined);
  }
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

export function createKeepAliveFetch(opts: { maxSockets?: number; /** Cap of a body read whole (decoded). */ maxBodyBytes?: number } = {}): KeepAliveFetch {
  const maxBodyBytes = opts.maxBodyBytes ?? UPSTREAM_JSON_LIMIT_BYTES;
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
      const headers = headerRecord(init.headers);
      // A known length, like fetch sends: no chunked framing for the upstream to undo.
      if (body !== undefined && body !== null) headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
      const req = transport.request(url, {
        method: init.method ?? 'GET',
        headers,
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
        if (NULL_BODY.has(status) || init.method === 'HEAD') {
          res.resume();
          done();
          resolve(new Response(null, { status, statusText: res.statusMessage, headers: responseHeaders(res.rawHeaders) }));
          return;
        }
        stream = decoded(res);
        if (stream !== res) {
          res.on('error', (e) => stream?.destroy(e));
          // A decoder given up on (a capped read, a cancelled stream) must free the socket under it too.
          stream.once('close', () => {
            if (!res.complete) res.destroy();
          });
        }
        stream.once('close', done);
        try {
          resolve(new NodeResponse(stream, status, res.statusMessage ?? '', url.href, res.rawHeaders, maxBodyBytes));
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
