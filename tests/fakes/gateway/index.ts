/**
 * A real HTTP fake of the model gateway (OpenRouter-style) on 127.0.0.1.
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
 *                                   first line never ends) that does not stop (see ../flood.ts); gzip/br
 *                                   inflate on the client; `gw.floods` reports what was sent
 *   gw.requests         log of every request: method, path, headers (lower-case), body (parsed
 *                       JSON, else text), status answered, `aborted` (client went away first).
 *   gw.waitFor(pred, timeoutMs?)   resolves once pred() is true (polls every 5 ms).
 *   gw.resetFreeCounters()
 *
 * ── Files ────────────────────────────────────────────────────────────────────
 *   server.ts       the HTTP server, request log and routing; the returned handle
 *   keyStore.ts     key records, usage windows, the cap, charging
 *   auth.ts         bearer authentication (401s)
 *   keyRoutes.ts    GET /key, PATCH /keys/{hash}
 *   chatRoute.ts    POST /chat/completions: checks, credits (402), then the answer
 *   freeLimits.ts   the per-account `:free` limits (429)
 *   completions.ts  a normal answer, JSON or SSE, with usage.cost
 *   sse.ts          the event stream's chunks and keep-alives
 *   script.ts       scripted one-shot steps (failure injection)
 *   clock.ts        UTC windows; respond.ts  JSON and error bodies
 */
export { startFakeGateway } from './server';
export type {
  FakeGateway,
  FakeGatewayOptions,
  FakeGatewayState,
  FakeKey,
  FakeKeyInit,
  FakeKeyRecord,
  FakeLimitReset,
  FakeRequest,
  ScriptStep,
} from './types';
