/**
 * A real HTTP fake of the model gateway (seed 000, OpenRouter-style) on 127.0.0.1.
 * A client that passes against it speaks the same wire protocol as the live
 * gateway: same paths, bearer auth, error body `{ error: { code, message, metadata } }`,
 * X-RateLimit-* headers on platform 429s, OpenAI chat-completions JSON and SSE.
 *
 * ── Start / stop ─────────────────────────────────────────────────────────────
 *   const gw = await startFakeGateway({ keys: [{ key: 'sk-test', limit: 5, limitReset: 'daily' }] });
 *   gw.baseUrl   // 'http://127.0.0.1:PORT/api/v1'  → use as OPENROUTER_API_URL / client baseUrl
 *   gw.url       // 'http://127.0.0.1:PORT'
 *   await gw.close();
 *
 * ── Routes (all under /api/v1) ───────────────────────────────────────────────
 *   GET   /key               Bearer <api key> → { data: key info + is_free_tier + deprecated rate_limit }
 *   PATCH /keys/{hash}       Bearer <management key> → { data: key record }
 *   GET   /models            no auth → { data: [...] } (tests/fakes/modelList.ts; `gw.models` controls it);
 *                            counted in `gw.modelRequests`, not in `gw.requests`, so the app's background
 *                            catalog refreshes leave the chat-call logs alone
 *   POST  /chat/completions  Bearer <api key>; `stream: true` → SSE, else JSON; `usage.cost` in the
 *                            last chunk / the response
 *
 * ── Behaviour ────────────────────────────────────────────────────────────────
 *   401  missing/unknown/disabled/expired key (a PATCH `disabled: true` makes the next call 401);
 *        PATCH without a management key.
 *   400  body not JSON / not an object; chat without `model` or `messages`; PATCH with a wrongly
 *        typed field; PATCH with none of the five accepted fields → `No update fields provided`.
 *   404  PATCH of an unknown hash, unknown path.
 *   402  account balance not above zero (below zero for `:free` models), or the key's cap used up
 *        (`limit` minus usage of the current daily/weekly/monthly/all-time window). Messages differ:
 *        balance → "Insufficient credits…/settings/credits", cap → "Key limit exceeded…/settings/keys".
 *   429  `:free` models: 20 per sliding minute, 50 per UTC day (1000 when the key's `isFreeTier` is
 *        false), counted across all keys (the limit is per account). Headers X-RateLimit-Limit,
 *        X-RateLimit-Remaining (0), X-RateLimit-Reset (epoch ms of the next slot);
 *        `error.metadata.error_type: "rate_limit_exceeded"`; Retry-After when
 *        `state.retryAfterSeconds` is set.
 *   200  charges `state.costPerRequest` (0 for `:free`) to the key's usage windows and the balance.
 *   Success responses carry no X-RateLimit-* headers. PATCH ignores unknown fields (workspace_id
 *   too), makes `label` follow a new `name`, and always moves `updated_at` forward.
 *
 * ── Control ──────────────────────────────────────────────────────────────────
 *   gw.state            mutable knobs: balance, costPerRequest, reply (string or fn of the body),
 *                       delayMs (before headers), keepAlives (`: OPENROUTER PROCESSING` comments
 *                       before the first chunk), chunkChars, chunkDelayMs, retryAfterSeconds,
 *                       freeLimits, fullKeyInfo (GET /key sends every record field), now().
 *   gw.addKey(init) / gw.key(tokenOrHash) / gw.setKey(tokenOrHash, changes)
 *   gw.script(...steps) queues one-shot answers, consumed in order by the next matching request
 *                       (chat and GET /key: after the key check, before the credit and `:free`
 *                       checks, which scripted steps bypass). `path` is '/chat/completions'
 *                       (default), '/key', or '/keys' ('/keys/{hash}') for PATCH. Steps:
 *     { kind: 'error', status, message?, metadata?, headers?, retryAfter?, rateLimit? }
 *     { kind: 'raw', status, body, headers? }                       any body as given
 *     { kind: 'reply', text?, cost?, delayMs?, keepAlives? }        a normal answer, customised
 *     { kind: 'midStreamError', text?, code?, message?, metadata? } 200 stream, text, error chunk
 *     { kind: 'stall', text? }      200 stream that sends `text` and then nothing (until closed)
 *     { kind: 'truncate', text? }   200 stream that sends `text` and closes without finishing
 *     { kind: 'hang' }              never answers (until the client gives up)
 *     { kind: 'drop' }              destroys the connection without an answer
 *     { kind: 'flood', encoding?, bytes?, sse? }  200 JSON (or with `sse`, an event stream whose
 *                                   first line never ends) that does not stop (see flood.ts); gzip/br
 *                                   inflate on the client; `gw.floods` reports what was sent
 *   gw.requests         log of every request: method, path, headers (lower-case), body (parsed
 *                       JSON, else text), status answered, `aborted` (client went away first).
 *   gw.waitFor(pred, timeoutMs?)   resolves once pred() is true (polls every 5 ms).
 *   gw.resetFreeCounters()
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { flood, type FloodOptions, type FloodReport } from './flood';
import { defaultModelListControl, openRouterModelsAnswer, type FakeModelListControl } from './modelList';

export type FakeLimitReset = 'daily' | 'weekly' | 'monthly' | null;

export interface FakeKeyInit {
  /** The bearer token itself. */
  key: string;
  hash?: string;
  name?: string;
  label?: string;
  disabled?: boolean;
  limit?: number | null;
  limitReset?: FakeLimitReset;
  includeByokInLimit?: boolean;
  usage?: number;
  usageDaily?: number;
  usageWeekly?: number;
  usageMonthly?: number;
  byokUsage?: number;
  byokUsageDaily?: number;
  byokUsageWeekly?: number;
  byokUsageMonthly?: number;
  /** Account never bought credits: 50 free-model requests a day instead of 1000. */
  isFreeTier?: boolean;
  expiresAt?: string | null;
  createdAt?: string;
  lastUsedAt?: string | null;
  creatorUserId?: string;
  workspaceId?: string;
}

/** The key record exactly as the gateway sends it. */
export interface FakeKeyRecord {
  hash: string;
  name: string;
  label: string;
  disabled: boolean;
  limit: number | null;
  limit_reset: FakeLimitReset;
  limit_remaining: number | null;
  include_byok_in_limit: boolean;
  usage: number;
  usage_daily: number;
  usage_weekly: number;
  usage_monthly: number;
  byok_usage: number;
  byok_usage_daily: number;
  byok_usage_weekly: number;
  byok_usage_monthly: number;
  created_at: string;
  updated_at: string | null;
  last_used_at: string | null;
  expires_at: string | null;
  creator_user_id: string;
  workspace_id: string;
  external_user: null;
}

export interface FakeKey {
  token: string;
  isFreeTier: boolean;
  record: FakeKeyRecord;
  /** Instant of the last usage update, to roll the day/week/month windows. */
  windowAt: number;
}

export type ScriptStep = { path?: string } & (
  | {
      kind: 'error';
      status: number;
      message?: string;
      metadata?: Record<string, unknown>;
      headers?: Record<string, string>;
      /** Retry-After in seconds. */
      retryAfter?: number;
      /** X-RateLimit-* headers; `reset` is epoch ms. */
      rateLimit?: { limit: number; remaining: number; reset: number };
    }
  | { kind: 'raw'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'reply'; text?: string; cost?: number; delayMs?: number; keepAlives?: number }
  | { kind: 'midStreamError'; text?: string; code?: number; message?: string; metadata?: Record<string, unknown> }
  | { kind: 'stall'; text?: string }
  | { kind: 'truncate'; text?: string }
  | { kind: 'hang' }
  | { kind: 'drop' }
  | ({ kind: 'flood'; /** An event stream whose first data line never ends. */ sse?: boolean } & Pick<FloodOptions, 'encoding' | 'bytes'>)
);

export interface FakeRequest {
  method: string;
  /** Path without the query, e.g. '/api/v1/chat/completions'. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
  rawBody: string;
  at: number;
  status?: number;
  aborted: boolean;
}

export interface FakeGatewayState {
  /** Account credits in USD. */
  balance: number;
  costPerRequest: number;
  reply: string | ((body: Record<string, unknown>) => string);
  delayMs: number;
  keepAlives: number;
  chunkChars: number;
  chunkDelayMs: number;
  retryAfterSeconds: number | undefined;
  freeLimits: { perMinute: number; perDayFreeTier: number; perDayPaid: number };
  fullKeyInfo: boolean;
  managementKeys: string[];
  now: () => number;
}

export interface FakeGatewayOptions extends Partial<Omit<FakeGatewayState, 'freeLimits'>> {
  keys?: FakeKeyInit[];
  freeLimits?: Partial<FakeGatewayState['freeLimits']>;
}

export interface FakeGateway {
  /** One report per `flood` step played, settled once its connection ended. */
  floods: Array<Promise<FloodReport>>;
  url: string;
  baseUrl: string;
  state: FakeGatewayState;
  keys: Map<string, FakeKey>;
  /** What `GET /models` serves (entries and mode). */
  models: FakeModelListControl;
  /** `GET /models` requests answered so far. */
  readonly modelRequests: number;
  requests: FakeRequest[];
  /** Timestamps of accepted `:free` requests. */
  freeRequests: number[];
  addKey(init: FakeKeyInit): FakeKey;
  /** By token or hash; the record has its windows rolled and limit_remaining computed. */
  key(tokenOrHash: string): FakeKeyRecord;
  setKey(tokenOrHash: string, changes: Partial<FakeKeyRecord> & { isFreeTier?: boolean }): FakeKeyRecord;
  script(...steps: ScriptStep[]): void;
  pendingScripts(): number;
  waitFor(pred: () => boolean, timeoutMs?: number): Promise<void>;
  resetFreeCounters(): void;
  close(): Promise<void>;
}

const PREFIX = '/api/v1';
const DAY = 86_400_000;
const LIMIT_RESETS = new Set(['daily', 'weekly', 'monthly']);

function dayStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}
function weekStart(t: number): number {
  return dayStart(t) - ((new Date(t).getUTCDay() + 6) % 7) * DAY;
}
function monthStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function maskKey(token: string): string {
  return token.length > 12 ? `${token.slice(0, 11)}...${token.slice(-3)}` : `${token.slice(0, 3)}...`;
}

function iso(t: number): string {
  return new Date(t).toISOString();
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export async function startFakeGateway(options: FakeGatewayOptions = {}): Promise<FakeGateway> {
  const state: FakeGatewayState = {
    balance: options.balance ?? 10,
    costPerRequest: options.costPerRequest ?? 0.001,
    reply: options.reply ?? 'こんにちは。これはテストの返事です。',
    delayMs: options.delayMs ?? 0,
    keepAlives: options.keepAlives ?? 1,
    chunkChars: options.chunkChars ?? 6,
    chunkDelayMs: options.chunkDelayMs ?? 0,
    retryAfterSeconds: options.retryAfterSeconds,
    freeLimits: { perMinute: 20, perDayFreeTier: 50, perDayPaid: 1000, ...options.freeLimits },
    fullKeyInfo: options.fullKeyInfo ?? false,
    managementKeys: options.managementKeys ?? ['mgmt-key'],
    now: options.now ?? Date.now,
  };
  const keys = new Map<string, FakeKey>();
  const requests: FakeRequest[] = [];
  const floods: Array<Promise<FloodReport>> = [];
  const scripts: ScriptStep[] = [];
  let freeRequests: number[] = [];
  const models = defaultModelListControl();
  let modelRequests = 0;

  function addKey(init: FakeKeyInit): FakeKey {
    const now = state.now();
    const k: FakeKey = {
      token: init.key,
      isFreeTier: init.isFreeTier ?? true,
      windowAt: now,
      record: {
        hash: init.hash ?? createHash('sha256').update(init.key).digest('hex'),
        name: init.name ?? '',
        label: init.label ?? (init.name || maskKey(init.key)),
        disabled: init.disabled ?? false,
        limit: init.limit ?? null,
        limit_reset: init.limitReset ?? null,
        limit_remaining: null,
        include_byok_in_limit: init.includeByokInLimit ?? false,
        usage: init.usage ?? 0,
        usage_daily: init.usageDaily ?? 0,
        usage_weekly: init.usageWeekly ?? 0,
        usage_monthly: init.usageMonthly ?? 0,
        byok_usage: init.byokUsage ?? 0,
        byok_usage_daily: init.byokUsageDaily ?? 0,
        byok_usage_weekly: init.byokUsageWeekly ?? 0,
        byok_usage_monthly: init.byokUsageMonthly ?? 0,
        created_at: init.createdAt ?? iso(now - 30 * DAY),
        updated_at: null,
        last_used_at: init.lastUsedAt ?? null,
        expires_at: init.expiresAt ?? null,
        creator_user_id: init.creatorUserId ?? 'user_fake0000000000000000000',
        workspace_id: init.workspaceId ?? '0df9e665-d932-5740-b2c7-b52af166bc11',
        external_user: null,
      },
    };
    keys.set(k.token, k);
    return k;
  }
  for (const init of options.keys ?? []) addKey(init);

  function find(tokenOrHash: string): FakeKey | undefined {
    return keys.get(tokenOrHash) ?? [...keys.values()].find((k) => k.record.hash === tokenOrHash);
  }

  /** Starts a usage window over when it has ended since the last update, then recomputes the cap. */
  function refreshKey(k: FakeKey): FakeKeyRecord {
    const now = state.now();
    const r = k.record;
    if (dayStart(now) > dayStart(k.windowAt)) {
      r.usage_daily = 0;
      r.byok_usage_daily = 0;
    }
    if (weekStart(now) > weekStart(k.windowAt)) {
      r.usage_weekly = 0;
      r.byok_usage_weekly = 0;
    }
    if (monthStart(now) > monthStart(k.windowAt)) {
      r.usage_monthly = 0;
      r.byok_usage_monthly = 0;
    }
    k.windowAt = now;
    if (r.limit === null) {
      r.limit_remaining = null;
    } else {
      const pick = { daily: ['usage_daily', 'byok_usage_daily'], weekly: ['usage_weekly', 'byok_usage_weekly'], monthly: ['usage_monthly', 'byok_usage_monthly'] } as const;
      const [u, b] = r.limit_reset ? pick[r.limit_reset] : (['usage', 'byok_usage'] as const);
      const spent = r[u] + (r.include_byok_in_limit ? r[b] : 0);
      r.limit_remaining = Math.max(0, Math.round((r.limit - spent) * 1e9) / 1e9);
    }
    return r;
  }

  function charge(k: FakeKey, cost: number): void {
    refreshKey(k);
    const r = k.record;
    r.usage += cost;
    r.usage_daily += cost;
    r.usage_weekly += cost;
    r.usage_monthly += cost;
    r.last_used_at = iso(state.now());
    state.balance -= cost;
    refreshKey(k);
  }

  function key(tokenOrHash: string): FakeKeyRecord {
    const k = find(tokenOrHash);
    if (!k) throw new Error(`fake gateway: no key ${tokenOrHash}`);
    return { ...refreshKey(k) };
  }

  function setKey(tokenOrHash: string, changes: Partial<FakeKeyRecord> & { isFreeTier?: boolean }): FakeKeyRecord {
    const k = find(tokenOrHash);
    if (!k) throw new Error(`fake gateway: no key ${tokenOrHash}`);
    const { isFreeTier, ...rest } = changes;
    if (isFreeTier !== undefined) k.isFreeTier = isFreeTier;
    Object.assign(k.record, rest);
    return key(tokenOrHash);
  }

  function takeScript(path: string): ScriptStep | undefined {
    const i = scripts.findIndex((s) => (s.path ?? '/chat/completions') === path);
    return i < 0 ? undefined : scripts.splice(i, 1)[0];
  }

  // ── answers ────────────────────────────────────────────────────────────────
  function sendJson(res: http.ServerResponse, entry: FakeRequest, status: number, body: unknown, headers: Record<string, string> = {}): void {
    entry.status = status;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(text);
  }

  function sendError(
    res: http.ServerResponse,
    entry: FakeRequest,
    status: number,
    message: string,
    metadata?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): void {
    sendJson(res, entry, status, { error: { code: status, message, ...(metadata ? { metadata } : {}) } }, headers);
  }

  function bearer(req: http.IncomingMessage): string | undefined {
    const h = req.headers.authorization;
    const m = typeof h === 'string' ? /^Bearer\s+(.+)$/i.exec(h.trim()) : null;
    return m?.[1];
  }

  /** The key behind the request, or undefined after answering 401. */
  function authKey(req: http.IncomingMessage, res: http.ServerResponse, entry: FakeRequest): FakeKey | undefined {
    const token = bearer(req);
    if (!token) {
      sendError(res, entry, 401, 'No auth credentials found');
      return undefined;
    }
    const k = keys.get(token);
    if (!k) {
      sendError(res, entry, 401, 'User not found.');
      return undefined;
    }
    if (k.record.disabled) {
      sendError(res, entry, 401, 'API key is disabled.');
      return undefined;
    }
    if (k.record.expires_at !== null && Date.parse(k.record.expires_at) <= state.now()) {
      sendError(res, entry, 401, 'API key has expired.');
      return undefined;
    }
    return k;
  }

  function keyInfo(k: FakeKey): Record<string, unknown> {
    const r = refreshKey(k);
    const base = {
      label: r.label,
      limit: r.limit,
      limit_reset: r.limit_reset,
      limit_remaining: r.limit_remaining,
      include_byok_in_limit: r.include_byok_in_limit,
      usage: r.usage,
      usage_daily: r.usage_daily,
      usage_weekly: r.usage_weekly,
      usage_monthly: r.usage_monthly,
      byok_usage: r.byok_usage,
      byok_usage_daily: r.byok_usage_daily,
      byok_usage_weekly: r.byok_usage_weekly,
      byok_usage_monthly: r.byok_usage_monthly,
      is_free_tier: k.isFreeTier,
      expires_at: r.expires_at,
      creator_user_id: r.creator_user_id,
      // Deprecated; clients must ignore it.
      rate_limit: { requests: -1, interval: '10s', note: 'This field is deprecated and safe to ignore.' },
    };
    return state.fullKeyInfo ? { ...r, ...base } : base;
  }

  function handlePatch(req: http.IncomingMessage, res: http.ServerResponse, entry: FakeRequest, hash: string): void {
    const token = bearer(req);
    if (!token || !state.managementKeys.includes(token)) {
      sendError(res, entry, 401, token ? 'Invalid management key' : 'No auth credentials found');
      return;
    }
    const k = find(decodeURIComponent(hash));
    if (!k || k.record.hash !== decodeURIComponent(hash)) {
      sendError(res, entry, 404, 'API key not found');
      return;
    }
    const body = entry.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      sendError(res, entry, 400, 'Invalid JSON body');
      return;
    }
    const b = body as Record<string, unknown>;
    const has = (f: string): boolean => Object.prototype.hasOwnProperty.call(b, f) && b[f] !== undefined;
    const checks: Array<[string, (v: unknown) => boolean]> = [
      ['name', (v) => typeof v === 'string'],
      ['disabled', (v) => typeof v === 'boolean'],
      ['limit', (v) => v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 0)],
      ['limit_reset', (v) => v === null || (typeof v === 'string' && LIMIT_RESETS.has(v))],
      ['include_byok_in_limit', (v) => typeof v === 'boolean'],
    ];
    const present = checks.filter(([f]) => has(f));
    if (present.length === 0) {
      sendError(res, entry, 400, 'No update fields provided');
      return;
    }
    for (const [f, ok] of present) {
      if (!ok(b[f])) {
        sendError(res, entry, 400, `Invalid value for ${f}`);
        return;
      }
    }
    const r = k.record;
    if (has('name')) {
      r.name = b.name as string;
      r.label = r.name;
    }
    if (has('disabled')) r.disabled = b.disabled as boolean;
    if (has('limit')) r.limit = b.limit as number | null;
    if (has('limit_reset')) r.limit_reset = b.limit_reset as FakeLimitReset;
    if (has('include_byok_in_limit')) r.include_byok_in_limit = b.include_byok_in_limit as boolean;
    // updated_at always moves forward, even within the same millisecond.
    const prev = r.updated_at ? Date.parse(r.updated_at) : 0;
    r.updated_at = iso(Math.max(state.now(), prev + 1));
    sendJson(res, entry, 200, { data: { ...refreshKey(k) } });
  }

  function replyText(body: Record<string, unknown>): string {
    return typeof state.reply === 'function' ? state.reply(body) : state.reply;
  }

  function pieces(text: string): string[] {
    const chars = [...text];
    const out: string[] = [];
    const n = Math.max(1, state.chunkChars);
    for (let i = 0; i < chars.length; i += n) out.push(chars.slice(i, i + n).join(''));
    return out;
  }

  async function handleChat(req: http.IncomingMessage, res: http.ServerResponse, entry: FakeRequest): Promise<void> {
    const k = authKey(req, res, entry);
    if (!k) return;
    const body = entry.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      sendError(res, entry, 400, 'Invalid JSON body');
      return;
    }
    const b = body as Record<string, unknown>;
    if (typeof b.model !== 'string' || b.model === '') {
      sendError(res, entry, 400, 'No model provided');
      return;
    }
    if (!Array.isArray(b.messages) || b.messages.length === 0) {
      sendError(res, entry, 400, 'Input required: specify "messages"');
      return;
    }
    const model = b.model;
    const stream = b.stream === true;
    const free = model.endsWith(':free');
    const step = takeScript('/chat/completions');
    if (step && (await runStep(step, res, entry, { k, model, stream, free, body: b }))) return;

    // Credits: the balance first, then the key's own cap.
    if (free ? state.balance < 0 : state.balance <= 0) {
      sendError(res, entry, 402, 'Insufficient credits. Add more using https://openrouter.ai/settings/credits');
      return;
    }
    const r = refreshKey(k);
    if (!free && r.limit_remaining !== null && r.limit_remaining <= 0) {
      sendError(res, entry, 402, `Key limit exceeded (${r.limit_reset ?? 'total'} limit). Manage it using https://openrouter.ai/settings/keys`);
      return;
    }
    if (free && !admitFree(res, entry, k)) return;
    await reply(res, entry, { k, model, stream, free, body: b }, {});
  }

  /** The per-account `:free` limits; answers 429 and returns false when over. */
  function admitFree(res: http.ServerResponse, entry: FakeRequest, k: FakeKey): boolean {
    const now = state.now();
    freeRequests = freeRequests.filter((t) => t > now - 60_000 || t >= dayStart(now));
    const inMinute = freeRequests.filter((t) => t > now - 60_000).sort((a, b) => a - b);
    const inDay = freeRequests.filter((t) => t >= dayStart(now));
    const perDay = k.isFreeTier ? state.freeLimits.perDayFreeTier : state.freeLimits.perDayPaid;
    let hit: { limit: number; reset: number; message: string } | undefined;
    if (inDay.length >= perDay) {
      hit = {
        limit: perDay,
        reset: dayStart(now) + DAY,
        message: k.isFreeTier
          ? 'Rate limit exceeded: free-models-per-day. Add 10 credits to unlock 1000 free model requests per day'
          : 'Rate limit exceeded: free-models-per-day.',
      };
    } else if (inMinute.length >= state.freeLimits.perMinute) {
      const oldest = inMinute[inMinute.length - state.freeLimits.perMinute] ?? now;
      hit = { limit: state.freeLimits.perMinute, reset: oldest + 60_000, message: 'Rate limit exceeded: free-models-per-min.' };
    }
    if (!hit) {
      freeRequests.push(now);
      return true;
    }
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(hit.limit),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(hit.reset),
    };
    if (state.retryAfterSeconds !== undefined) headers['Retry-After'] = String(state.retryAfterSeconds);
    sendError(res, entry, 429, hit.message, { error_type: 'rate_limit_exceeded' }, headers);
    return false;
  }

  interface ChatCtx {
    k: FakeKey;
    model: string;
    stream: boolean;
    free: boolean;
    body: Record<string, unknown>;
  }

  function chunkBase(id: string, model: string, created: number): Record<string, unknown> {
    return { id, provider: 'FakeProvider', model, object: 'chat.completion.chunk', created };
  }

  function writeSse(res: http.ServerResponse, data: unknown): void {
    if (!res.writableEnded && !res.destroyed) res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  }

  function startSse(res: http.ServerResponse, entry: FakeRequest, keepAlives: number): void {
    entry.status = 200;
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    for (let i = 0; i < keepAlives; i++) res.write(': OPENROUTER PROCESSING\n\n');
  }

  async function streamText(res: http.ServerResponse, ctx: ChatCtx, id: string, created: number, text: string): Promise<void> {
    for (const p of pieces(text)) {
      if (res.destroyed) return;
      writeSse(res, {
        ...chunkBase(id, ctx.model, created),
        choices: [{ index: 0, delta: { role: 'assistant', content: p }, finish_reason: null, native_finish_reason: null, logprobs: null }],
      });
      if (state.chunkDelayMs > 0) await sleep(state.chunkDelayMs);
    }
  }

  async function reply(res: http.ServerResponse, entry: FakeRequest, ctx: ChatCtx, o: { text?: string; cost?: number; delayMs?: number; keepAlives?: number }): Promise<void> {
    const delay = o.delayMs ?? state.delayMs;
    if (delay > 0) await sleep(delay);
    if (res.destroyed) return;
    const text = o.text ?? replyText(ctx.body);
    const cost = ctx.free ? 0 : (o.cost ?? state.costPerRequest);
    const promptTokens = Math.ceil(JSON.stringify(ctx.body.messages).length / 4);
    const completionTokens = Math.max(1, Math.ceil([...text].length / 2));
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens, cost, is_byok: false };
    const id = `gen-${randomUUID()}`;
    const created = Math.floor(state.now() / 1000);
    if (!ctx.stream) {
      charge(ctx.k, cost);
      sendJson(res, entry, 200, {
        id,
        provider: 'FakeProvider',
        model: ctx.model,
        object: 'chat.completion',
        created,
        choices: [{ index: 0, logprobs: null, finish_reason: 'stop', native_finish_reason: 'stop', message: { role: 'assistant', content: text, refusal: null } }],
        usage,
      });
      return;
    }
    startSse(res, entry, o.keepAlives ?? state.keepAlives);
    await streamText(res, ctx, id, created, text);
    if (res.destroyed) return;
    writeSse(res, {
      ...chunkBase(id, ctx.model, created),
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'stop', native_finish_reason: 'stop', logprobs: null }],
    });
    // The last chunk carries the usage and its cost.
    writeSse(res, { ...chunkBase(id, ctx.model, created), choices: [], usage });
    writeSse(res, '[DONE]');
    charge(ctx.k, cost);
    res.end();
  }

  /** Plays a scripted step; false when the step only adjusts a normal answer it then leaves to the caller. */
  async function runStep(step: ScriptStep, res: http.ServerResponse, entry: FakeRequest, ctx: ChatCtx | undefined): Promise<boolean> {
    switch (step.kind) {
      case 'error': {
        const headers: Record<string, string> = { ...step.headers };
        if (step.retryAfter !== undefined) headers['Retry-After'] = String(step.retryAfter);
        if (step.rateLimit) {
          headers['X-RateLimit-Limit'] = String(step.rateLimit.limit);
          headers['X-RateLimit-Remaining'] = String(step.rateLimit.remaining);
          headers['X-RateLimit-Reset'] = String(step.rateLimit.reset);
        }
        sendError(res, entry, step.status, step.message ?? http.STATUS_CODES[step.status] ?? 'Error', step.metadata, headers);
        return true;
      }
      case 'raw':
        sendJson(res, entry, step.status, step.body, step.headers);
        return true;
      case 'flood':
        entry.status = 200;
        floods.push(
          flood(res, {
            encoding: step.encoding,
            bytes: step.bytes,
            ...(step.sse
              ? { contentType: 'text/event-stream', prefix: 'data: {"choices":[{"index":0,"delta":{"content":"' }
              : { prefix: '{"choices":[{"message":{"content":"' }),
          }),
        );
        return true;
      case 'drop':
        entry.status = 0;
        res.socket?.destroy();
        return true;
      case 'hang':
        return true;
      case 'reply':
        if (!ctx) return false;
        await reply(res, entry, ctx, step);
        return true;
      case 'midStreamError':
      case 'stall':
      case 'truncate': {
        if (!ctx) return false;
        const id = `gen-${randomUUID()}`;
        const created = Math.floor(state.now() / 1000);
        startSse(res, entry, state.keepAlives);
        await streamText(res, ctx, id, created, step.text ?? '');
        if (step.kind === 'midStreamError') {
          writeSse(res, {
            ...chunkBase(id, ctx.model, created),
            error: { code: step.code ?? 502, message: step.message ?? 'Provider disconnected', ...(step.metadata ? { metadata: step.metadata } : {}) },
            choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
          });
          res.end();
        } else if (step.kind === 'truncate') {
          res.end();
        }
        // 'stall': leave the response open; close() or the client ends it.
        return true;
      }
    }
  }

  // ── server ─────────────────────────────────────────────────────────────────
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown = rawBody === '' ? undefined : rawBody;
      try {
        if (rawBody !== '') body = JSON.parse(rawBody);
      } catch {
        // kept as text: the handlers answer 400
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const entry: FakeRequest = { method: req.method ?? 'GET', path, headers, body, rawBody, at: state.now(), aborted: false };
      if (req.method === 'GET' && path === `${PREFIX}/models`) modelRequests++;
      else requests.push(entry);
      res.on('close', () => {
        if (!res.writableFinished) entry.aborted = true;
      });
      route(req, res, entry).catch((e: unknown) => {
        if (!res.headersSent) sendError(res, entry, 500, `fake gateway failure: ${String(e)}`);
        else res.destroy();
      });
    });
  });

  async function route(req: http.IncomingMessage, res: http.ServerResponse, entry: FakeRequest): Promise<void> {
    if (!entry.path.startsWith(PREFIX)) {
      sendError(res, entry, 404, 'Not Found');
      return;
    }
    const sub = entry.path.slice(PREFIX.length);
    if (req.method === 'POST' && sub === '/chat/completions') {
      if (typeof entry.body === 'string') {
        sendError(res, entry, 400, 'Invalid JSON body');
        return;
      }
      await handleChat(req, res, entry);
      return;
    }
    if (req.method === 'GET' && sub === '/key') {
      const k = authKey(req, res, entry);
      if (!k) return;
      const step = takeScript('/key');
      if (step && (await runStep(step, res, entry, undefined))) return;
      sendJson(res, entry, 200, { data: keyInfo(k) });
      return;
    }
    if (req.method === 'GET' && sub === '/models') {
      const answer = openRouterModelsAnswer(models);
      sendJson(res, entry, answer.status, answer.body);
      return;
    }
    const m = /^\/keys\/([^/]+)$/.exec(sub);
    if (req.method === 'PATCH' && m?.[1]) {
      const step = takeScript(`/keys/${m[1]}`) ?? takeScript('/keys');
      if (step && (await runStep(step, res, entry, undefined))) return;
      if (typeof entry.body === 'string') {
        sendError(res, entry, 400, 'Invalid JSON body');
        return;
      }
      handlePatch(req, res, entry, m[1]);
      return;
    }
    sendError(res, entry, 404, 'Not Found');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    floods,
    url,
    baseUrl: `${url}${PREFIX}`,
    state,
    keys,
    models,
    get modelRequests() {
      return modelRequests;
    },
    requests,
    get freeRequests() {
      return freeRequests;
    },
    addKey,
    key,
    setKey,
    script: (...steps) => {
      scripts.push(...steps);
    },
    pendingScripts: () => scripts.length,
    async waitFor(pred, timeoutMs = 2_000) {
      const until = Date.now() + timeoutMs;
      while (!pred()) {
        if (Date.now() > until) throw new Error('fake gateway: waitFor timed out');
        await sleep(5);
      }
    },
    resetFreeCounters: () => {
      freeRequests = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
