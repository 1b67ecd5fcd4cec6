/**
 * Shared plumbing for the /api route tests: a real browser-mode server wired to two fake
 * OpenAI-compatible gateways (one per chat provider), and small HTTP helpers that never throw
 * on an error status so the tests can assert on it.
 */
import http from 'node:http';
import { startFakeGateway, type FakeGateway, type FakeRequest } from '../fakes/gateway';
import { startTestServer } from './browserMode';

/** Keys the fake gateways accept. */
export const OPENROUTER_ENV_KEY = 'sk-or-env-key';
export const GEMINI_ENV_KEY = 'gm-env-key';
export const CALLER_KEY = 'sk-caller-own-key';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

export interface RoutesEnv {
  url: string;
  server: TestServer;
  /** Answers provider `openrouter` (OPENROUTER_API_URL). */
  gw: FakeGateway;
  /** Answers provider `gemini` (GEMINI_API_URL). */
  geminiGw: FakeGateway;
  close(): Promise<void>;
}

export interface RoutesEnvOptions {
  /** Configure OPENROUTER_API_KEY / GEMINI_API_KEY (default true). */
  envKeys?: boolean;
  /** Extra environment (UPSTREAM_TIMEOUT_MS, CODE, …). */
  env?: NodeJS.ProcessEnv;
  staticDir?: string;
}

export async function startRoutesEnv(opts: RoutesEnvOptions = {}): Promise<RoutesEnv> {
  const gw = await startFakeGateway({ keys: [{ key: OPENROUTER_ENV_KEY }, { key: CALLER_KEY }] });
  const geminiGw = await startFakeGateway({ keys: [{ key: GEMINI_ENV_KEY }, { key: CALLER_KEY }] });
  const keys = opts.envKeys === false ? {} : { OPENROUTER_API_KEY: OPENROUTER_ENV_KEY, GEMINI_API_KEY: GEMINI_ENV_KEY };
  const server = await startTestServer(
    { OPENROUTER_API_URL: gw.baseUrl, GEMINI_API_URL: geminiGw.baseUrl, ...keys, ...opts.env },
    opts.staticDir ? { staticDir: opts.staticDir } : {},
  );
  return {
    url: server.url,
    server,
    gw,
    geminiGw,
    async close() {
      await server.close();
      await gw.close();
      await geminiGw.close();
    },
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export interface CallOptions {
  method?: string;
  /** An object is sent as JSON; a string is sent as is (malformed bodies). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** One request to the server; the whole body is read. */
export async function call(base: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const body = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...opts.headers },
    body,
    signal: opts.signal,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** POST with a JSON body. */
export function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return call(base, path, { method: 'POST', body, headers });
}

/**
 * POST of an exact byte body with its Content-Length through node:http: large uploads stay off
 * fetch's connection pool, which the other requests of a test file share.
 */
export function postRaw(base: string, path: string, body: Buffer | string, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The /api error body with a given message. */
export function errorBody(message: string): { error: { message: string } } {
  return { error: { message } };
}

/** Chat-completion requests the fake gateway received. */
export function chatRequests(gw: FakeGateway): FakeRequest[] {
  return gw.requests.filter((r) => r.path.endsWith('/chat/completions'));
}

export interface UpstreamChatBody {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content: unknown }>;
  response_format?: { type: string; json_schema: { name: string; strict: boolean; schema: { required?: string[]; properties?: Record<string, unknown> } } };
  [field: string]: unknown;
}

/** Body of the last chat-completion request the fake received. */
export function lastChatBody(gw: FakeGateway): UpstreamChatBody {
  const last = chatRequests(gw).at(-1);
  if (!last) throw new Error('no upstream chat request was made');
  return last.body as UpstreamChatBody;
}

/** The `data:` payloads of an SSE text, in order. */
export function sseData(text: string): string[] {
  return text
    .split('\n\n')
    .flatMap((event) => event.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice('data: '.length)))
    .filter((d) => d !== '');
}

/** The text an OpenAI-style SSE stream carried in its deltas. */
export function sseContent(text: string): string {
  return sseData(text)
    .filter((d) => d !== '[DONE]')
    .map((d) => JSON.parse(d) as { choices?: Array<{ delta?: { content?: string } }> })
    .map((c) => c.choices?.[0]?.delta?.content ?? '')
    .join('');
}

/** A minimal valid body for each model route. */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  '/api/analyze': { prompt: '猫が好きです。' },
  '/api/translate': { text: '猫が好きです。' },
  '/api/word-detail': { word: '猫', sentence: '猫が好きです。', pos: 'noun' },
  '/api/image-to-text': { imageData: 'data:image/png;base64,iVBORw0KGgo=' },
  '/api/chat': { messages: [{ role: 'user', content: 'こんにちは' }], useStream: false },
};

export const MODEL_ROUTES = Object.keys(VALID_BODIES);
