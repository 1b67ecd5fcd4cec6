import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/result';
import { sleep } from '../../../electron/core/gateway/clock';
import { GatewayError, gatewayErrorFromHttp, gatewayErrorFromNetwork } from '../../../electron/core/gateway/errors';
import { DEFAULT_RETRY_POLICY, backoffDelay, decideRetry, withRetry } from '../../../electron/core/gateway/retry';

const START = Date.parse('2025-04-01T12:00:00Z');

function fakeClock(random = 0.5) {
  const c = {
    t: START,
    sleeps: [] as number[],
    now: () => c.t,
    random: () => random,
    async sleep(ms: number, signal?: AbortSignal) {
      if (signal?.aborted) throw signal.reason;
      c.sleeps.push(ms);
      c.t += ms;
    },
  };
  return c;
}

function err(status: number, headers: Record<string, string> = {}, now = START): GatewayError {
  return gatewayErrorFromHttp({ status, headers: new Headers(headers), bodyText: JSON.stringify({ error: { code: status, message: `e${status}` } }) }, now);
}

/** An attempt function that throws the given errors in order, then returns 'ok'. */
function sequence(...errors: Error[]) {
  const calls: number[] = [];
  const fn = async (i: number): Promise<string> => {
    calls.push(i);
    const e = errors[calls.length - 1];
    if (e) throw e;
    return 'ok';
  };
  return { fn, calls };
}

describe('backoff', () => {
  it('doubles per retry, with jitter between half and the full step, up to the cap', () => {
    const p = DEFAULT_RETRY_POLICY;
    expect(backoffDelay(0, p, () => 0)).toBe(250);
    expect(backoffDelay(0, p, () => 0.999999)).toBe(500);
    expect(backoffDelay(1, p, () => 0.5)).toBe(750);
    expect(backoffDelay(2, p, () => 0.5)).toBe(1500);
    expect(backoffDelay(10, p, () => 1)).toBe(p.maxDelayMs);
  });
});

describe('withRetry', () => {
  it('backs off on 408 and 5xx, then succeeds', async () => {
    const clock = fakeClock();
    const s = sequence(err(408), err(503), err(500));
    await expect(withRetry(s.fn, { clock })).resolves.toBe('ok');
    expect(s.calls).toEqual([0, 1, 2, 3]);
    expect(clock.sleeps).toEqual([375, 750, 1500]);
  });

  it('stops after 3 retries and rethrows the last gateway error', async () => {
    const clock = fakeClock();
    const last = err(502);
    const s = sequence(err(500), err(503), err(500), last, err(500));
    await expect(withRetry(s.fn, { clock })).rejects.toBe(last);
    expect(s.calls).toHaveLength(4);
    expect(clock.sleeps).toHaveLength(3);
  });

  it('retries connection errors', async () => {
    const clock = fakeClock();
    const s = sequence(gatewayErrorFromNetwork(new TypeError('fetch failed')));
    await expect(withRetry(s.fn, { clock })).resolves.toBe('ok');
    expect(clock.sleeps).toEqual([375]);
  });

  it.each([400, 401, 402, 403])('never retries %i', async (status) => {
    const clock = fakeClock();
    const s = sequence(err(status));
    await expect(withRetry(s.fn, { clock })).rejects.toMatchObject({ gateway: { status } });
    expect(s.calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('honours Retry-After (seconds) on a 429', async () => {
    const clock = fakeClock();
    const s = sequence(err(429, { 'Retry-After': '7' }));
    await expect(withRetry(s.fn, { clock })).resolves.toBe('ok');
    expect(clock.sleeps).toEqual([7000]);
  });

  it('without Retry-After, waits at least until an X-RateLimit-Reset within the minute', async () => {
    const clock = fakeClock();
    const s = sequence(err(429, { 'X-RateLimit-Reset': String(START + 30_000) }));
    await expect(withRetry(s.fn, { clock })).resolves.toBe('ok');
    expect(clock.sleeps).toEqual([30_000]);
  });

  it('backs off with jitter on a 429 with no hints at all', async () => {
    const clock = fakeClock(0);
    const s = sequence(err(429), err(429));
    await expect(withRetry(s.fn, { clock })).resolves.toBe('ok');
    expect(clock.sleeps).toEqual([250, 500]);
  });

  it('does not retry a 429 whose reset is more than 60 s away and reports the reset', async () => {
    const clock = fakeClock();
    const reset = START + 61_000;
    const s = sequence(err(429, { 'X-RateLimit-Reset': String(reset), 'X-RateLimit-Limit': '50', 'X-RateLimit-Remaining': '0' }));
    const e = await withRetry(s.fn, { clock }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GatewayError);
    expect((e as GatewayError).data).toMatchObject({ code: 'rate_limited', resetAt: reset, retryAfterMs: 61_000 });
    expect(s.calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('does not wait for a Retry-After over a minute', async () => {
    const clock = fakeClock();
    const s = sequence(err(429, { 'Retry-After': '61' }));
    await expect(withRetry(s.fn, { clock })).rejects.toBeInstanceOf(GatewayError);
    expect(s.calls).toHaveLength(1);
  });

  it('judges the reset against the clock at decision time', () => {
    const clock = fakeClock();
    const e = err(429, { 'X-RateLimit-Reset': String(START + 45_000) });
    expect(decideRetry(e, 0, DEFAULT_RETRY_POLICY, clock)).toEqual({ retry: true, delayMs: 45_000 });
    clock.t += 40_000;
    expect(decideRetry(e, 0, DEFAULT_RETRY_POLICY, clock)).toEqual({ retry: true, delayMs: 5_000 });
    clock.t += 10_000; // past the reset: plain backoff
    expect(decideRetry(e, 0, DEFAULT_RETRY_POLICY, clock)).toEqual({ retry: true, delayMs: 375 });
    expect(decideRetry(e, 3, DEFAULT_RETRY_POLICY, clock)).toEqual({ retry: false, reason: 'exhausted' });
  });

  it('passes errors that are not gateway errors straight through', async () => {
    const clock = fakeClock();
    const boom = new AppError({ code: 'free_model_limit', message: 'slow down' });
    const s = sequence(boom);
    await expect(withRetry(s.fn, { clock })).rejects.toBe(boom);
    expect(s.calls).toHaveLength(1);
  });

  it('does not start a wait that would end after the deadline', async () => {
    const clock = fakeClock();
    const first = err(503, { 'Retry-After': '5' });
    const s = sequence(first);
    await expect(withRetry(s.fn, { clock, deadline: START + 2_000 })).rejects.toBe(first);
    expect(clock.sleeps).toEqual([]);
  });

  it('reports each retry', async () => {
    const clock = fakeClock();
    const seen: Array<[number, number, number | undefined]> = [];
    const s = sequence(err(500), err(429, { 'Retry-After': '2' }));
    await withRetry(s.fn, { clock, onRetry: (i) => seen.push([i.retry, i.delayMs, i.error.status]) });
    expect(seen).toEqual([
      [1, 375, 500],
      [2, 2000, 429],
    ]);
  });

  it('a policy override changes the number of retries', async () => {
    const clock = fakeClock();
    const s = sequence(err(500), err(500));
    await expect(withRetry(s.fn, { clock, policy: { maxRetries: 1 } })).rejects.toBeInstanceOf(GatewayError);
    expect(s.calls).toHaveLength(2);
  });

  it('cancels a backoff wait at once when the signal aborts', async () => {
    const ctl = new AbortController();
    const clock = { now: () => Date.now(), random: () => 0.5, sleep };
    const s = sequence(err(503, { 'Retry-After': '30' }));
    const started = Date.now();
    const p = withRetry(s.fn, { clock, signal: ctl.signal });
    setTimeout(() => ctl.abort(new Error('user left')), 10);
    await expect(p).rejects.toThrow('user left');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(s.calls).toHaveLength(1);
  });

  it('does not even start a wait on an already aborted signal', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(sleep(10_000, ctl.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
