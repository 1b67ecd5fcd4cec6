import { describe, expect, it } from 'vitest';
import { isMissingKey } from '../../../../shared/result';

describe('isMissingKey: no key configured is told apart by its code, not its words or status', () => {
  it('is true only for the core’s missing_key', () => {
    expect(isMissingKey({ code: 'missing_key' })).toBe(true);
    // The gateway's 401 for a rejected key has the same status but is a real failure.
    expect(isMissingKey({ code: 'invalid_key' })).toBe(false);
    for (const code of ['insufficient_credits', 'rate_limited', 'offline', 'upstream_error', 'unauthorized'] as const) expect(isMissingKey({ code })).toBe(false);
    expect(isMissingKey(null)).toBe(false);
    expect(isMissingKey(undefined)).toBe(false);
  });
});
