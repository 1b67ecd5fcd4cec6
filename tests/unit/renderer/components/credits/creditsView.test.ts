/**
 * The renderer's pure credit helpers: thresholds, formatting, what the meter
 * says in each state, and the key panel's input checks.
 */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CreditsState } from '../../../../../shared/credits';
import { formatCountdown, formatUsd, meterLevel, remainingFraction } from '../../../../../renderer/src/components/credits/format';
import { checkCap, checkName, checkReset, editErrorText } from '../../../../../renderer/src/components/credits/keyPanelInput';
import { meterView } from '../../../../../renderer/src/components/credits/meterView';
import { keyInfo } from '../../../../support/keyInfo';

// Echoes the key and its values, so assertions read what the UI would ask i18n for.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

const info = keyInfo;

function state(over: Partial<CreditsState> = {}): CreditsState {
  return {
    status: 'fresh',
    keyState: 'active',
    info: info(),
    fetchedAt: 0,
    ageMs: 0,
    error: null,
    localCost: 0,
    nextLimitResetAt: null,
    resets: { day: 0, week: 0, month: 0 },
    refreshing: false,
    keyHash: 'abc',
    canManage: false,
    now: 0,
    ...over,
  };
}

describe('thresholds', () => {
  it('ok above 25 % left, low at 25 % and below, critical at 10 % and below', () => {
    expect(meterLevel(remainingFraction(info({ limitRemaining: 2.51 })))).toBe('ok');
    expect(meterLevel(remainingFraction(info({ limitRemaining: 2.5 })))).toBe('low');
    expect(meterLevel(remainingFraction(info({ limitRemaining: 1.01 })))).toBe('low');
    expect(meterLevel(remainingFraction(info({ limitRemaining: 1 })))).toBe('critical');
    expect(meterLevel(remainingFraction(info({ limitRemaining: 0 })))).toBe('critical');
    expect(meterLevel(remainingFraction(info({ limit: null, limitRemaining: null })))).toBe('none');
    expect(remainingFraction(info({ limit: 0, limitRemaining: 0 }))).toBe(0);
  });
});

describe('formatting', () => {
  it('dollars with cents, sub-cent costs with four decimals', () => {
    expect(formatUsd(1.75, 'en')).toBe('$1.75');
    expect(formatUsd(0.0012, 'en')).toBe('$0.0012');
    expect(formatUsd(0, 'en')).toBe('$0.00');
  });

  it('countdowns: m:ss, then hours, then days', () => {
    expect(formatCountdown(42_000, t)).toBe('0:42');
    expect(formatCountdown(61_000, t)).toBe('1:01');
    expect(formatCountdown(-5, t)).toBe('0:00');
    expect(formatCountdown(2 * 3_600_000 + 5 * 60_000, t)).toBe('credits.duration.hours {"h":2,"m":5}');
    expect(formatCountdown(3 * 86_400_000 + 4 * 3_600_000, t)).toBe('credits.duration.days {"d":3,"h":4}');
  });
});

describe('meterView', () => {
  it('cap: bar, figure and a one-sentence accessible name', () => {
    const v = meterView(state({ info: info({ limitRemaining: 2 }) }), 0, 'en', t);
    expect(v).toMatchObject({ mode: 'cap', level: 'low', fraction: 0.2, freeTier: true, stale: false, staleLabel: null });
    expect(v.figure).toBe('credits.remainingOf {"remaining":"$2.00","limit":"$10.00"}');
    expect(v.summary).toContain('credits.summaryCap');
  });

  it('no cap, no key, loading', () => {
    expect(meterView(state({ info: info({ limit: null, limitRemaining: null }) }), 0, 'en', t)).toMatchObject({ mode: 'no_cap', figure: 'credits.noCap' });
    expect(meterView(state({ status: 'no_key', info: null }), null, 'en', t)).toMatchObject({ mode: 'no_key', figure: 'credits.noKey' });
    expect(meterView(null, null, 'en', t).mode).toBe('loading');
  });

  it('offline: the last value with an offline label and its age', () => {
    const v = meterView(state({ status: 'stale', error: { code: 'offline', message: 'fetch failed' } }), 90_000, 'en', t);
    expect(v).toMatchObject({ mode: 'cap', stale: true });
    expect(v.staleLabel).toContain('credits.staleSince');
    expect(v.staleLabel).toContain('minute');
  });

  it('a refused key: its badge, and no "offline" claim', () => {
    const v = meterView(state({ status: 'stale', keyState: 'invalid', error: { code: 'invalid_key', message: 'User not found.', status: 401 } }), 5_000, 'en', t);
    expect(v).toMatchObject({ keyProblem: 'invalid', staleLabel: null });
  });

  it('never reached yet: unknown, says why', () => {
    const v = meterView(state({ status: 'empty', info: null, fetchedAt: null, ageMs: null, error: { code: 'offline', message: 'x' } }), null, 'en', t);
    expect(v).toMatchObject({ mode: 'unknown', figure: 'credits.unavailable', staleLabel: 'credits.offline' });
  });
});

describe('key panel input', () => {
  it('name: trimmed, not blank, at most 200 characters', () => {
    expect(checkName('  Study  ')).toEqual({ ok: true, value: 'Study' });
    expect(checkName('   ')).toEqual({ ok: false, error: 'keyPanel.errors.nameEmpty' });
    expect(checkName('x'.repeat(201)).ok).toBe(false);
  });

  it('cap: a non-negative decimal, or none', () => {
    expect(checkCap('5', false)).toEqual({ ok: true, value: 5 });
    expect(checkCap(' 2.50 ', false)).toEqual({ ok: true, value: 2.5 });
    expect(checkCap('2,5', false)).toEqual({ ok: true, value: 2.5 });
    expect(checkCap('0', false)).toEqual({ ok: true, value: 0 });
    for (const bad of ['', '-1', 'abc', '1e3', '1.2.3', 'Infinity']) expect(checkCap(bad, false).ok, bad).toBe(false);
    expect(checkCap('whatever', true)).toEqual({ ok: true, value: null });
  });

  it('reset: one of the four values', () => {
    expect(checkReset('never')).toEqual({ ok: true, value: null });
    expect(checkReset('weekly')).toEqual({ ok: true, value: 'weekly' });
    expect(checkReset('yearly').ok).toBe(false);
  });

  it('errors: the validation issue, else the error in the UI language (never the server text)', () => {
    expect(editErrorText(((k: string) => k) as never, { code: 'bad_request', message: 'invalid arguments', details: { issues: [{ path: ['1'], message: 'No update fields provided' }] } })).toBe(
      'No update fields provided',
    );
    expect(editErrorText(((k: string) => k) as never, { code: 'bad_request', message: 'No update fields provided', status: 400 })).toBe('problems.codes.bad_request');
  });
});
