/**
 * Typed client of the model gateway (OpenRouter-style) and of any OpenAI-compatible
 * chat-completions host: base URL and key are parameters, so the same client
 * talks to OpenRouter and to Gemini's OpenAI-compatible endpoint.
 *
 * Every call goes through the retry policy (retry.ts) and the one error model
 * (errors.ts). Chat calls to `:free` models take a slot from the client-side
 * throttle first. Retries only ever happen before the response headers are in.
 */
import { z } from 'zod';
import { isFreeModel } from '../../../shared/catalog';
import type { CreditsKeyInfo } from '../../../shared/credits';
import { AppError } from '../../../shared/result';
import { systemClock, type Clock } from './clock';
import { gatewayErrorFromHttp, gatewayErrorFromNetwork, gatewayErrorFromStream, isGatewayError, unsendableKeyError, type GatewayError } from './errors';
import { transportFailure } from '../net/transportError';
import {
  currentKeyResponseSchema,
  keyRecordResponseSchema,
  normalizeKey,
  validateKeyPatch,
  type KeyRecord,
} from './keyRecord';
import { withRetry, type RetryInfo, type RetryPolicy } from './retry';
import { readResponseTextBounded } from '../net/boundedRead';
import { bodyChunks, contentTypeOf } from '../net/keepAliveFetch';
import { UPSTREAM_JSON_LIMIT_BYTES } from '../net/upstreamLimits';
import type { SpendTask } from '../../../shared/usage';
import { ChatStream, chatCompletionSchema, completionUsage, observeChunks, type ChatCompletion, type ChatUsage, type StreamSummary } from './sse';

/** The part of the throttle the client needs (FreeModelThrottle fits). */
export interface ChatThrottle {
  acquire(model: string): void;
}

export interface GatewayClientOptions {
  /** e.g. `https://openrouter.ai/api/v1`; paths are appended to it. */
  baseUrl: string;
  fetch?: typeof fetch;
  clock?: Clock;
  throttle?: ChatThrottle;
  retry?: Partial<RetryPolicy>;
  /** Sent with every request (e.g. the gateway's app attribution headers). */
  headers?: Record<string, string>;
  /** STREAM_IDLE_TIMEOUT_MS for `streamChatCompletion`: the longest silence once a stream has begun. */
  streamIdleTimeoutMs?: number;
  /**
   * Sees every gateway failure that ends a metered call, mid-stream error chunks
   * with a status included (e.g. to refresh the meter right after a 402).
   */
  onError?: (error: GatewayError) => void;
  /**
   * Sees the end of every metered completion read through this client, with its
   * `usage.cost` when it had one, the whole `usage` (tokens) and the request's
   * `usageTag`: the one place both the meter and the usage log hear of an answer.
   */
  onCost?: (cost: number | undefined, model: string, usage: ChatUsage | undefined, tag: UsageTag | undefined) => void;
}

/** What an answer's usage is counted under (table `model_usage`). */
export interface UsageTag {
  task: SpendTask;
  documentId?: number;
}

/** An OpenAI chat-completions body; only `model` is looked at, the rest is sent as given. */
export interface ChatBody {
  model: string;
  messages: unknown[];
  stream?: boolean;
  [field: string]: unknown;
}

export interface ChatRequest {
  apiKey: string;
  body: ChatBody;
  signal?: AbortSignal;
  /**
   * Limit for the whole call, retries included: until the response headers for
   * `openChatCompletion`/`streamChatCompletion`, until the full body for `completeChat`.
   */
  timeoutMs?: number;
  onRetry?: (info: RetryInfo) => void;
  /**
   * False for a call made with someone else's key (a caller's own bearer): its
   * cost and failures are none of the app key's meter's business, so `onCost` and
   * `onError` do not see it. Default true.
   */
  metered?: boolean;
  /** Passed on to `onCost` with the answer's usage. */
  usageTag?: UsageTag;
}

/** An upstream answer to pass on unchanged (see `forwardChatCompletion`). */
export type ForwardedChat = {
  /** The upstream's `Content-Type`, read without building a `Headers` object (the only header a forwarder passes on). */
  contentType: string | null;
} & ({ stream: false; text: string } | { stream: true; chunks: AsyncIterable<Uint8Array> });

export interface CompletedChat {
  completion: ChatCompletion;
  /** Content of the first choice. */
  text: string;
  cost: number | undefined;
}

export interface GatewayClient {
  readonly baseUrl: string;
  /** `GET /key` with the key itself: the info behind the credit meter. */
  getKey(apiKey: string, signal?: AbortSignal): Promise<CreditsKeyInfo>;
  /** `PATCH /keys/{hash}` with the management key; only accepted fields are sent. */
  updateKey(managementKey: string, hash: string, patch: unknown, signal?: AbortSignal): Promise<KeyRecord>;
  /**
   * The upstream's answer as it came, for forwarding: a non-streamed body read
   * whole (within `timeoutMs`), or a stream's raw chunks (`timeoutMs` bounds the
   * headers). A metered call's end reaches `onCost`/`onError` like the parsed forms.
   */
  forwardChatCompletion(req: ChatRequest): Promise<ForwardedChat>;
  /** Streams parsed chunks (`stream: true` is set for you). */
  streamChatCompletion(req: ChatRequest): Promise<ChatStream>;
  /** A non-streamed completion (`stream: false` is set for you). */
  completeChat(req: ChatRequest): Promise<CompletedChat>;
}

interface CallSignal {
  signal: AbortSignal;
  /** Epoch ms (on the injected clock) past which no retry wait starts. */
  deadline?: number;
  /** The AppError to throw once `signal` has aborted: cancelled by the caller, or timed out. */
  abortError(): AppError;
  /** Stops the timeout; the caller's signal keeps aborting the request. */
  clearTimer(): void;
}

function callSignal(clock: Clock, outer: AbortSignal | undefined, timeoutMs: number | undefined): CallSignal {
  const ctl = new AbortController();
  let timedOut = false;
  const onOuter = (): void => ctl.abort(outer?.reason);
  if (outer?.aborted) ctl.abort(outer.reason);
  else outer?.addEventListener('abort', onOuter, { once: true });
  const timer =
    timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          ctl.abort(new DOMException('timed out', 'TimeoutError'));
        }, timeoutMs)
      : undefined;
  return {
    signal: ctl.signal,
    deadline: timeoutMs !== undefined ? clock.now() + timeoutMs : undefined,
    abortError: () =>
      timedOut && !outer?.aborted
        ? new AppError({ code: 'timeout', message: `The gateway did not answer within ${timeoutMs} ms.`, details: { timeoutMs } })
        : new AppError({ code: 'cancelled', message: 'cancelled' }),
    clearTimer: () => clearTimeout(timer),
  };
}

// Built once: zod compiles a schema on its first parse, which costs far more than the parse itself.
const topLevelErrorSchema = z.object({ error: z.object({ code: z.unknown().optional() }) });

/** The JSON of a body, or undefined when it is not JSON (no JSON text parses to undefined). */
function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A JSON answer read whole, capped while it arrives (a huge or inflating body ends in upstreamTooLarge). */
function readJsonText(res: Response): Promise<string> {
  return readResponseTextBounded(res, UPSTREAM_JSON_LIMIT_BYTES);
}

function invalidResponse(what: string, issues: unknown): AppError {
  return new AppError({ code: 'upstream_error', message: `The gateway sent an unexpected ${what}.`, details: { invalidResponse: true, issues } });
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init));
  const clock = options.clock ?? systemClock;

  interface Call<T> {
    method: 'GET' | 'POST' | 'PATCH';
    path: string;
    token: string;
    json?: unknown;
    accept: string;
    signal?: AbortSignal;
    timeoutMs?: number;
    /** Whether the timeout keeps running while `read` consumes the body. */
    timeoutCoversBody: boolean;
    freeModel?: string;
    onRetry?: (info: RetryInfo) => void;
    /** Whether `onError` sees a failure of this call. */
    metered: boolean;
    /** Turns a 2xx response into the result; runs inside the attempt, so what it throws is judged by the policy. */
    read(res: Response): Promise<T>;
  }

  async function call<T>(c: Call<T>): Promise<T> {
    const cs = callSignal(clock, c.signal, c.timeoutMs);
    const headers: Record<string, string> = { ...options.headers, Accept: c.accept };
    // No token, no header: a local model server takes none.
    if (c.token !== '') headers.Authorization = `Bearer ${c.token}`;
    if (c.json !== undefined) headers['Content-Type'] = 'application/json';
    const body = c.json !== undefined ? JSON.stringify(c.json) : undefined;
    try {
      return await withRetry(
        async () => {
          if (c.freeModel !== undefined) options.throttle?.acquire(c.freeModel);
          let res: Response;
          try {
            res = await doFetch(`${baseUrl}${c.path}`, { method: c.method, headers, body, signal: cs.signal });
          } catch (e) {
            if (cs.signal.aborted) throw e;
            if (transportFailure(e).kind === 'request') throw unsendableKeyError();
            throw gatewayErrorFromNetwork(e);
          }
          if (!res.ok) {
            // An upstream that quotes the key back in its error must not put it on screen or in a push.
            const raw = await readJsonText(res).catch(() => '');
            const text = c.token ? raw.split(c.token).join('[redacted key]') : raw;
            throw gatewayErrorFromHttp({ status: res.status, statusText: res.statusText, headers: res.headers, bodyText: text }, clock.now());
          }
          if (!c.timeoutCoversBody) cs.clearTimer();
          return c.read(res);
        },
        { signal: cs.signal, clock, policy: options.retry, deadline: cs.deadline, onRetry: c.onRetry },
      );
    } catch (e) {
      if (cs.signal.aborted) throw cs.abortError();
      if (isGatewayError(e) && c.metered) options.onError?.(e);
      throw e;
    } finally {
      cs.clearTimer();
    }
  }

  async function readJson<S extends z.ZodType>(res: Response, schema: S, what: string): Promise<z.infer<S>> {
    const json = parseOrUndefined(await readJsonText(res));
    if (json === undefined) throw invalidResponse(what, 'not JSON');
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw invalidResponse(what, parsed.error.issues);
    return parsed.data;
  }

  /** A metered stream has ended: a mid-stream error chunk with a status and the cost go to the meter. */
  function meterEnd(req: ChatRequest, s: StreamSummary): void {
    if (req.metered === false) return;
    const streamError = s.error ? gatewayErrorFromStream(s.error, clock.now()) : undefined;
    if (streamError) options.onError?.(streamError);
    options.onCost?.(s.cost, req.body.model, s.usage, req.usageTag);
  }

  function chatCall<T>(req: ChatRequest, stream: boolean | undefined, coversBody: boolean, read: (res: Response) => Promise<T>): Promise<T> {
    const body = stream === undefined ? req.body : { ...req.body, stream };
    return call({
      method: 'POST',
      path: '/chat/completions',
      token: req.apiKey,
      json: body,
      accept: body.stream === true ? 'text/event-stream' : 'application/json',
      signal: req.signal,
      timeoutMs: req.timeoutMs,
      timeoutCoversBody: coversBody,
      freeModel: isFreeModel(req.body.model) ? req.body.model : undefined,
      onRetry: req.onRetry,
      metered: req.metered !== false,
      read,
    });
  }

  return {
    baseUrl,

    async getKey(apiKey, signal) {
      const r = await call({
        method: 'GET',
        path: '/key',
        token: apiKey,
        accept: 'application/json',
        signal,
        timeoutCoversBody: true,
        metered: true,
        read: (res) => readJson(res, currentKeyResponseSchema, 'key response'),
      });
      return normalizeKey(r.data);
    },

    async updateKey(managementKey, hash, patch, signal) {
      const body = validateKeyPatch(patch);
      const r = await call({
        method: 'PATCH',
        path: `/keys/${encodeURIComponent(hash)}`,
        token: managementKey,
        json: body,
        accept: 'application/json',
        signal,
        timeoutCoversBody: true,
        metered: true,
        read: (res) => readJson(res, keyRecordResponseSchema, 'key record'),
      });
      return r.data;
    },

    forwardChatCompletion(req) {
      const stream = req.body.stream === true;
      return chatCall<ForwardedChat>(req, undefined, !stream, async (res) => {
        const contentType = contentTypeOf(res);
        if (stream) {
          const chunks = bodyChunks(res);
          return { contentType, stream, chunks: req.metered === false ? chunks : observeChunks(chunks, (s) => meterEnd(req, s)) };
        }
        const text = await readJsonText(res);
        // Forwarded as it came; a body that is not JSON only leaves the meter without its cost.
        if (req.metered !== false) {
          const usage = completionUsage(parseOrUndefined(text));
          options.onCost?.(usage?.cost, req.body.model, usage, req.usageTag);
        }
        return { contentType, stream, text };
      });
    },

    async streamChatCompletion(req) {
      const res = await chatCall(req, true, false, async (r) => r);
      if (!res.body) throw invalidResponse('stream', 'no body');
      return new ChatStream(res.body, req.signal, (s) => meterEnd(req, s), { idleMs: options.streamIdleTimeoutMs });
    },

    async completeChat(req) {
      return chatCall(req, false, true, async (res) => {
        const text = await readJsonText(res);
        const json = parseOrUndefined(text);
        if (json === undefined) throw invalidResponse('completion', 'not JSON');
        // The gateway may have committed 200 (keep-alive whitespace) before failing: the error is in the body.
        const top = topLevelErrorSchema.safeParse(json);
        if (top.success) {
          const status = typeof top.data.error.code === 'number' ? top.data.error.code : 502;
          throw gatewayErrorFromHttp({ status, headers: res.headers, bodyText: text }, clock.now());
        }
        const parsed = chatCompletionSchema.safeParse(json);
        if (!parsed.success) throw invalidResponse('completion', parsed.error.issues);
        const completion = parsed.data;
        const choiceError = completion.choices[0]?.error;
        if (choiceError) {
          const status = typeof choiceError.code === 'number' ? choiceError.code : 502;
          throw gatewayErrorFromHttp({ status, headers: res.headers, bodyText: JSON.stringify({ error: choiceError }) }, clock.now());
        }
        const usage = completion.usage ?? undefined;
        const cost = usage?.cost;
        if (req.metered !== false) options.onCost?.(cost, req.body.model, usage, req.usageTag);
        return { completion, text: completion.choices[0]?.message?.content ?? '', cost };
      });
    },
  };
}
