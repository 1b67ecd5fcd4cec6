import { describe, expect, it } from 'vitest';
import { AppError, toErrorData } from '../../../shared/result';
import {
  GatewayError,
  appErrorCodeFor,
  classifyCreditLimit,
  gatewayErrorFromHttp,
  gatewayErrorFromNetwork,
  parseRetryAfter,
} from '../../../electron/core/gateway/errors';

const NOW = Date.parse('2025-04-01T12:00:00Z');

function http(status: number, body: unknown, headers: Record<string, string> = {}): GatewayError {
  return gatewayErrorFromHttp(
    { status, headers: new Headers(headers), bodyText: typeof body === 'string' ? body : JSON.stringify(body) },
    NOW,
  );
}

describe('gateway error model', () => {
  it('401 → invalid_key, raw message kept, never retryable', () => {
    const e = http(401, { error: { code: 401, message: 'User not found.' } });
    expect(e).toBeInstanceOf(AppError);
    expect(e.data).toMatchObject({ code: 'invalid_key', message: 'User not found.', status: 401 });
    expect(e.gateway).toMatchObject({ kind: 'http', status: 401, errorCode: 401, retryable: false });
  });

  it('402 tells the empty balance from the exhausted key cap', () => {
    const balance = http(402, { error: { code: 402, message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits' } });
    expect(balance.data.code).toBe('insufficient_credits');
    expect(balance.gateway.creditLimit).toBe('balance');
    expect(balance.data.details?.creditLimit).toBe('balance');
    expect(balance.retryable).toBe(false);
    const cap = http(402, { error: { code: 402, message: 'Key limit exceeded (daily limit). Manage it using https://openrouter.ai/settings/keys' } });
    expect(cap.gateway.creditLimit).toBe('key_cap');
    expect(classifyCreditLimit('Something else entirely')).toBe('unknown');
  });

  it('403, 404, 408, 413, 500, 502, 503, 504 map to the codes the UI knows', () => {
    const cases: Array<[number, string, boolean]> = [
      [400, 'bad_request', false],
      [403, 'forbidden', false],
      [404, 'not_found', false],
      [408, 'timeout', true],
      [413, 'too_large', false],
      [500, 'upstream_error', true],
      [502, 'upstream_unavailable', true],
      [503, 'upstream_unavailable', true],
      [504, 'timeout', true],
    ];
    for (const [status, code, retryable] of cases) {
      const e = http(status, { error: { code: status, message: `m${status}` } });
      expect([status, e.data.code, e.retryable]).toEqual([status, code, retryable]);
    }
  });

  it('keeps metadata.error_type, provider_code and provider_name', () => {
    const e = http(502, { error: { code: 502, message: 'Provider returned error', metadata: { provider_code: 'overloaded_error', provider_name: 'Anthropic', raw: '…' } } });
    expect(e.gateway).toMatchObject({ providerCode: 'overloaded_error', providerName: 'Anthropic' });
    expect(e.data.details).toMatchObject({ providerCode: 'overloaded_error', providerName: 'Anthropic', retryable: true });
  });

  it('429 from the platform: limit headers, resetAt, retryable when the reset is within a minute', () => {
    const reset = NOW + 20_000;
    const e = http(
      429,
      { error: { code: 429, message: 'Rate limit exceeded: free-models-per-min.', metadata: { error_type: 'rate_limit_exceeded' } } },
      { 'X-RateLimit-Limit': '20', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(reset) },
    );
    expect(e.data).toMatchObject({ code: 'rate_limited', status: 429, resetAt: reset });
    expect(e.gateway).toMatchObject({
      errorType: 'rate_limit_exceeded',
      rateLimitSource: 'platform',
      rateLimit: { limit: 20, remaining: 0, reset },
      dailyCap: false,
      retryable: true,
    });
    expect(e.gateway.retryAfterMs).toBeUndefined();
  });

  it('429 whose reset is more than 60 s away is a daily cap: not retryable, reported with its wait', () => {
    const reset = NOW + 5 * 3_600_000;
    const e = http(429, { error: { code: 429, message: 'Rate limit exceeded: free-models-per-day.', metadata: { error_type: 'rate_limit_exceeded' } } }, {
      'X-RateLimit-Limit': '50',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(reset),
    });
    expect(e.gateway).toMatchObject({ dailyCap: true, retryable: false, resetAt: reset, retryAfterMs: 5 * 3_600_000 });
    expect(e.data).toMatchObject({ resetAt: reset, retryAfterMs: 5 * 3_600_000 });
    expect(e.data.details?.dailyCap).toBe(true);
  });

  it('429 from an upstream provider has no limit headers', () => {
    const e = http(429, { error: { code: 429, message: 'Provider returned error', metadata: { provider_name: 'DeepInfra', raw: 'slow down' } } });
    expect(e.gateway).toMatchObject({ rateLimitSource: 'upstream', retryable: true });
    expect(e.gateway.rateLimit).toBeUndefined();
  });

  it('honours Retry-After in seconds and as an HTTP date', () => {
    const e = http(429, { error: { code: 429, message: 'x' } }, { 'Retry-After': '7' });
    expect(e.gateway.retryAfterMs).toBe(7000);
    expect(parseRetryAfter(new Date(NOW + 30_000).toUTCString(), NOW)).toBe(30_000);
    expect(parseRetryAfter('nonsense', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
    const long = http(429, { error: { code: 429, message: 'x' } }, { 'Retry-After': '3600' });
    expect(long.gateway).toMatchObject({ dailyCap: true, retryable: false, retryAfterMs: 3_600_000 });
  });

  it('reads X-RateLimit-Reset given in seconds by mistake as an instant, not 1970', () => {
    const e = http(429, { error: { code: 429, message: 'x' } }, { 'X-RateLimit-Reset': String(Math.floor((NOW + 10_000) / 1000)) });
    expect(e.gateway.resetAt).toBe(NOW + 10_000);
  });

  it('survives bodies that are not the gateway shape', () => {
    expect(http(500, '<html>Bad gateway</html>').data.message).toBe('<html>Bad gateway</html>');
    const empty = gatewayErrorFromHttp({ status: 503, statusText: 'Service Unavailable', headers: new Headers(), bodyText: '' }, NOW);
    expect(empty.data.message).toBe('HTTP 503 Service Unavailable');
    // Gemini's OpenAI-compatible endpoint wraps the error in an array.
    const gemini = http(400, [{ error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } }]);
    expect(gemini.data.message).toBe('API key not valid.');
  });

  it('a connection error → offline, retryable, with the system code', () => {
    const e = gatewayErrorFromNetwork(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' } }));
    expect(e.data.code).toBe('offline');
    expect(e.data.status).toBeUndefined();
    expect(e.gateway).toMatchObject({ kind: 'network', retryable: true, cause: 'ECONNREFUSED' });
    expect(e.data.message).toContain('ECONNREFUSED');
    expect(appErrorCodeFor(e.gateway)).toBe('offline');
  });

  it('toAppError() and toErrorData() give the same JSON-safe data', () => {
    const e = http(403, { error: { code: 403, message: 'Input flagged by moderation', metadata: { reasons: ['x'] } } });
    const plain = e.toAppError();
    expect(plain).toBeInstanceOf(AppError);
    expect(plain).not.toBeInstanceOf(GatewayError);
    expect(plain.data).toEqual(e.data);
    expect(toErrorData(e)).toEqual(e.data);
    expect(JSON.parse(JSON.stringify(e.data))).toEqual(e.data);
  });
});
