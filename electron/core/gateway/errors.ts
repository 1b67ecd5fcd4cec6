/**
 * One error model for every gateway failure: an HTTP answer
 * that is not 2xx, or a connection that never produced one. `GatewayError` is an
 * `AppError`, so every boundary already turns it into error data; `gateway`
 * keeps the raw facts (status, error.code, raw message, metadata, headers).
 */
import { z } from 'zod';
import { AppError, type AppErrorData, type ErrorCode } from '../../../shared/result';
import { transportFailure } from '../net/transportError';

/** A 429 whose reset (or Retry-After) is further away than this is reported, not waited for. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;

export interface RateLimitHeaders {
  /** X-RateLimit-Limit */
  limit?: number;
  /** X-RateLimit-Remaining */
  remaining?: number;
  /** X-RateLimit-Reset, epoch milliseconds. */
  reset?: number;
}

export type CreditLimitKind = 'balance' | 'key_cap' | 'unknown';

export interface GatewayErrorData {
  /** `http`: the gateway answered with an error status; `network`: no answer at all. */
  kind: 'http' | 'network';
  /** HTTP status; absent when there was no answer. */
  status?: number;
  /** `error.code` of the body (an integer on the gateway; other OpenAI-compatible hosts may send text). */
  errorCode?: number | string;
  /** `error.message` exactly as received: shown to the user as is. */
  message: string;
  /** `error.metadata.error_type`, e.g. `rate_limit_exceeded`. */
  errorType?: string;
  /** `error.metadata.provider_code`: the upstream provider's own code. */
  providerCode?: string | number;
  /** `error.metadata.provider_name`, when the gateway names the upstream. */
  providerName?: string;
  retryable: boolean;
  /** From Retry-After, or the time until X-RateLimit-Reset for a 429 that is not retried. */
  retryAfterMs?: number;
  /** From X-RateLimit-Reset, epoch milliseconds. */
  resetAt?: number;
  rateLimit?: RateLimitHeaders;
  /** 429 only: the gateway's own limit (`platform`) or an upstream provider's (`upstream`). */
  rateLimitSource?: 'platform' | 'upstream';
  /** 429 only: the wait is over a minute (a daily cap): reported, never retried. */
  dailyCap?: boolean;
  /** 402 only: account balance or the key's own cap, as far as the message tells. */
  creditLimit?: CreditLimitKind;
  /** Connection errors: the system error code (ECONNREFUSED, ECONNRESET…). */
  cause?: string;
}

const metadataSchema = z.record(z.string(), z.unknown());
const errorObjectSchema = z.object({
  code: z.union([z.number(), z.string()]).optional().nullable(),
  message: z.string().optional().nullable(),
  metadata: metadataSchema.optional().nullable(),
});
// OpenRouter: `{ error: {…} }`; Gemini's OpenAI-compatible endpoint sometimes wraps it in an array.
const errorBodySchema = z.union([
  z.object({ error: errorObjectSchema }),
  z.array(z.object({ error: errorObjectSchema })).min(1),
]);
export type GatewayErrorBody = z.infer<typeof errorObjectSchema>;

export function parseErrorBody(text: string): GatewayErrorBody | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success) return undefined;
  return Array.isArray(parsed.data) ? parsed.data[0]?.error : parsed.data.error;
}

function num(v: string | null): number | undefined {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** X-RateLimit-Reset is epoch ms; a value that can only be seconds is scaled so a slip upstream cannot mean "1970". */
function epochMs(n: number | undefined): number | undefined {
  if (n === undefined) return undefined;
  return n < 1e11 ? n * 1000 : n;
}

export function readRateLimitHeaders(h: Headers): RateLimitHeaders | undefined {
  const out: RateLimitHeaders = {
    limit: num(h.get('x-ratelimit-limit')),
    remaining: num(h.get('x-ratelimit-remaining')),
    reset: epochMs(num(h.get('x-ratelimit-reset'))),
  };
  if (out.limit === undefined && out.remaining === undefined && out.reset === undefined) return undefined;
  return out;
}

/** Retry-After is whole seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** 402 wording differs between an empty balance and an exhausted key cap. */
export function classifyCreditLimit(message: string): CreditLimitKind {
  if (/key limit|settings\/keys|\bcap\b|total limit/i.test(message)) return 'key_cap';
  if (/credit|balance|afford/i.test(message)) return 'balance';
  return 'unknown';
}

const NEVER_RETRIED = new Set([400, 401, 402, 403]);

/** Facts of an HTTP error answer, before the retry decision is made. */
export interface HttpFailure {
  status: number;
  statusText?: string;
  headers: Headers;
  bodyText: string;
}

export function gatewayErrorFromHttp(f: HttpFailure, now: number): GatewayError {
  const body = parseErrorBody(f.bodyText);
  const meta = body?.metadata ?? undefined;
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const providerCode = meta?.provider_code;
  const rateLimit = readRateLimitHeaders(f.headers);
  const retryAfterHeader = parseRetryAfter(f.headers.get('retry-after'), now);
  const fallbackText = f.bodyText.trim().slice(0, 500);
  const data: GatewayErrorData = {
    kind: 'http',
    status: f.status,
    errorCode: body?.code ?? undefined,
    message: body?.message ?? (fallbackText || `HTTP ${f.status}${f.statusText ? ` ${f.statusText}` : ''}`),
    errorType: str(meta?.error_type),
    providerCode: typeof providerCode === 'string' || typeof providerCode === 'number' ? providerCode : undefined,
    providerName: str(meta?.provider_name),
    retryable: false,
    retryAfterMs: retryAfterHeader,
    resetAt: rateLimit?.reset,
    rateLimit,
  };
  if (f.status === 429) {
    data.rateLimitSource = data.errorType === 'rate_limit_exceeded' || rateLimit !== undefined ? 'platform' : 'upstream';
    const untilReset = data.resetAt !== undefined ? data.resetAt - now : undefined;
    data.dailyCap =
      (untilReset !== undefined && untilReset > MAX_RATE_LIMIT_WAIT_MS) ||
      (retryAfterHeader !== undefined && retryAfterHeader > MAX_RATE_LIMIT_WAIT_MS);
    data.retryable = !data.dailyCap;
    // A long wait is reported with how long it is, so the UI can count down.
    if (data.dailyCap && data.retryAfterMs === undefined && untilReset !== undefined) data.retryAfterMs = untilReset;
  } else if (f.status === 402) {
    data.creditLimit = classifyCreditLimit(data.message);
  } else {
    data.retryable = !NEVER_RETRIED.has(f.status) && (f.status === 408 || f.status >= 500);
  }
  return new GatewayError(data);
}

/**
 * A mid-stream error chunk that carries an HTTP-like code (a 402 or 429 after the
 * stream began) in the one error model, so the hooks that see HTTP failures see
 * it too. Other stream failures (broken off, unreadable, no code) give undefined.
 */
export function gatewayErrorFromStream(error: AppErrorData, now: number): GatewayError | undefined {
  if (error.code !== 'mid_stream_error' || error.status === undefined) return undefined;
  const d = error.details ?? {};
  const metadata: Record<string, unknown> = {};
  if (typeof d.errorType === 'string') metadata.error_type = d.errorType;
  if (typeof d.providerCode === 'string' || typeof d.providerCode === 'number') metadata.provider_code = d.providerCode;
  const body = { error: { code: error.status, message: error.message, metadata } };
  return gatewayErrorFromHttp({ status: error.status, headers: new Headers(), bodyText: JSON.stringify(body) }, now);
}

/**
 * A fetch that failed without an answer: refused, reset, DNS… Always worth a retry.
 * Described from checked fields only (transportFailure): fetch's own text can quote the Authorization header.
 */
export function gatewayErrorFromNetwork(e: unknown): GatewayError {
  const f = transportFailure(e);
  return new GatewayError({ kind: 'network', message: f.text, retryable: true, cause: f.code });
}

/**
 * fetch would not build the request: a stored key with characters a header cannot
 * carry (saved before keys were checked). Not a network failure, never retried:
 * the key has to be saved again.
 */
export function unsendableKeyError(): AppError {
  return new AppError({
    code: 'invalid_key',
    message: 'The saved key contains characters that cannot be sent (a line break or a space?): save it again in Settings.',
    status: 401,
  });
}

export function appErrorCodeFor(d: GatewayErrorData): ErrorCode {
  if (d.kind === 'network') return 'offline';
  switch (d.status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'invalid_key';
    case 402:
      return 'insufficient_credits';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 408:
    case 504:
      return 'timeout';
    case 413:
      return 'too_large';
    case 429:
      return 'rate_limited';
    case 502:
    case 503:
      return 'upstream_unavailable';
    default:
      return 'upstream_error';
  }
}

function toAppErrorData(d: GatewayErrorData): AppErrorData {
  const details: Record<string, unknown> = { kind: d.kind, retryable: d.retryable };
  const put = (k: string, v: unknown): void => {
    if (v !== undefined) details[k] = v;
  };
  put('errorCode', d.errorCode);
  put('errorType', d.errorType);
  put('providerCode', d.providerCode);
  put('providerName', d.providerName);
  put('rateLimit', d.rateLimit);
  put('rateLimitSource', d.rateLimitSource);
  put('dailyCap', d.dailyCap);
  put('creditLimit', d.creditLimit);
  put('cause', d.cause);
  const out: AppErrorData = { code: appErrorCodeFor(d), message: d.message, details };
  if (d.status !== undefined) out.status = d.status;
  if (d.retryAfterMs !== undefined) out.retryAfterMs = d.retryAfterMs;
  if (d.resetAt !== undefined) out.resetAt = d.resetAt;
  return out;
}

export class GatewayError extends AppError {
  readonly gateway: GatewayErrorData;
  constructor(gateway: GatewayErrorData) {
    super(toAppErrorData(gateway));
    this.name = 'GatewayError';
    this.gateway = gateway;
  }

  get status(): number | undefined {
    return this.gateway.status;
  }

  get retryable(): boolean {
    return this.gateway.retryable;
  }

  /** A plain AppError (code, raw message, status, retryAfterMs, resetAt, details) for the boundary. */
  toAppError(): AppError {
    return new AppError(this.data);
  }
}

export function isGatewayError(e: unknown): e is GatewayError {
  return e instanceof GatewayError;
}
