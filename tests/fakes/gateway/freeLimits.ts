/**
 * The per-account `:free` model limits: 20 per sliding minute, 50 per UTC day
 * (1000 once the account is not on the free tier), counted across all keys.
 * Over a limit: 429 with X-RateLimit-* headers and `error_type: rate_limit_exceeded`.
 */
import type http from 'node:http';
import { DAY, dayStart } from './clock';
import { sendError } from './respond';
import type { FakeGatewayState, FakeKey, FakeRequest } from './types';

export interface FreeCounter {
  /** Timestamps of accepted `:free` requests. */
  readonly requests: number[];
  /** Counts the request and returns true, or answers 429 and returns false. */
  admit(res: http.ServerResponse, entry: FakeRequest, k: FakeKey): boolean;
  reset(): void;
}

export function createFreeCounter(state: FakeGatewayState): FreeCounter {
  let requests: number[] = [];

  function admit(res: http.ServerResponse, entry: FakeRequest, k: FakeKey): boolean {
    const now = state.now();
    requests = requests.filter((t) => t > now - 60_000 || t >= dayStart(now));
    const inMinute = requests.filter((t) => t > now - 60_000).sort((a, b) => a - b);
    const inDay = requests.filter((t) => t >= dayStart(now));
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
      requests.push(now);
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

  return {
    get requests() {
      return requests;
    },
    admit,
    reset: () => {
      requests = [];
    },
  };
}
