import { describe, expect, it } from 'vitest';
import { APP_MESSAGES, SEED_MESSAGES } from '../../../../shared/messages';
import { ERROR_CODES } from '../../../../shared/result';
import { describeError } from '../../../../renderer/src/errors/describeError';
import { LIMIT_CODES, reportModelError, setLimitReporter } from '../../../../renderer/src/errors/limitReporting';
import { en } from '../../../../renderer/src/i18n/locales/en';

/** Reads a dotted key from the English messages. */
function lookup(key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), en);
}

describe('describeError: every error in the UI language', () => {
  it('maps each fixed seed message to its own translated key, without the Chinese text', () => {
    for (const [name, message] of Object.entries(SEED_MESSAGES)) {
      const view = describeError({ code: 'upstream_error', message });
      expect(view.key).toBe(`problems.seed.${name}`);
      expect(typeof lookup(view.key)).toBe('string');
    }
  });

  it('maps the fixed app messages, including the parameterised ones', () => {
    for (const [name, message] of Object.entries(APP_MESSAGES)) {
      if (typeof message !== 'string') continue;
      expect(describeError({ code: 'bad_request', message }).key).toBe(`problems.app.${name}`);
    }
    expect(describeError({ code: 'bad_request', message: APP_MESSAGES.missingParam('text') })).toEqual({ key: 'problems.app.missingParam', values: { name: 'text' } });
    expect(describeError({ code: 'bad_request', message: APP_MESSAGES.wrongType('messages[0].role', 'system | user') })).toEqual({
      key: 'problems.app.wrongType',
      values: { name: 'messages[0].role', type: 'system | user' },
    });
  });

  it('never keeps a provider’s message: the code says it', () => {
    const view = describeError({ code: 'insufficient_credits', message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits' });
    expect(view).toEqual({ key: 'problems.codes.insufficient_credits' });
  });

  it('has a translated headline for every error code', () => {
    for (const code of ERROR_CODES) expect(typeof lookup(`problems.codes.${code}`), code).toBe('string');
  });

  it('an internal error shows only its id (to report), never other text', () => {
    const message = "Something went wrong inside the app (error id 1a2b3c4d). The details are in the app's log.";
    expect(describeError({ code: 'internal', message })).toEqual({ key: 'problems.codes.internal', errorId: '1a2b3c4d' });
    expect(describeError({ code: 'internal', message: 'x', details: { errorId: 'deadbeef' } }).errorId).toBe('deadbeef');
  });

  it('says where to fix it and how long to wait', () => {
    expect(describeError({ code: 'missing_key', message: SEED_MESSAGES.missingKey }).action).toBe('settings');
    expect(describeError({ code: 'invalid_key', message: 'User not found.' }).action).toBe('settings');
    const limited = describeError({ code: 'rate_limited', message: 'Rate limit exceeded', retryAfterMs: 12_300 });
    expect(limited).toEqual({ key: 'problems.codes.rate_limited', action: 'wait', retryInSeconds: 13 });
  });
});

describe('limit reporting seam', () => {
  it('passes only credit and rate limits to the registered banner', () => {
    const seen: string[] = [];
    setLimitReporter((e) => seen.push(e.code));
    for (const code of ERROR_CODES) reportModelError({ code, message: 'x' });
    reportModelError(undefined);
    setLimitReporter(undefined);
    reportModelError({ code: 'rate_limited', message: 'x' });
    expect(seen.sort()).toEqual([...LIMIT_CODES].sort());
  });
});
