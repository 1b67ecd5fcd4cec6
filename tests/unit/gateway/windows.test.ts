import { afterEach, describe, expect, it } from 'vitest';
import {
  limitWindow,
  nextLimitReset,
  startOfUtcDay,
  usageWindows,
  utcDayWindow,
  utcMonthWindow,
  utcWeekWindow,
} from '../../../electron/core/gateway/windows';

const at = (s: string): number => Date.parse(s);
const iso = (t: number | null | undefined): string | null => (t === null || t === undefined ? null : new Date(t).toISOString());

describe('UTC day window', () => {
  it('runs from midnight to the next midnight', () => {
    const w = utcDayWindow(at('2025-03-10T13:45:10.123Z'));
    expect(iso(w.start)).toBe('2025-03-10T00:00:00.000Z');
    expect(iso(w.end)).toBe('2025-03-11T00:00:00.000Z');
  });

  it('puts midnight itself in the new day and the last millisecond in the old one', () => {
    expect(iso(startOfUtcDay(at('2025-03-11T00:00:00.000Z')))).toBe('2025-03-11T00:00:00.000Z');
    expect(iso(utcDayWindow(at('2025-03-10T23:59:59.999Z')).end)).toBe('2025-03-11T00:00:00.000Z');
  });

  it('crosses month and year ends and the leap day', () => {
    expect(iso(utcDayWindow(at('2025-01-31T12:00:00Z')).end)).toBe('2025-02-01T00:00:00.000Z');
    expect(iso(utcDayWindow(at('2024-12-31T23:00:00Z')).end)).toBe('2025-01-01T00:00:00.000Z');
    expect(iso(utcDayWindow(at('2024-02-28T18:00:00Z')).end)).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(utcDayWindow(at('2024-02-29T18:00:00Z')).end)).toBe('2024-03-01T00:00:00.000Z');
    expect(iso(utcDayWindow(at('2023-02-28T18:00:00Z')).end)).toBe('2023-03-01T00:00:00.000Z');
  });
});

describe('UTC week window (Monday start)', () => {
  it('holds Sunday 23:59:59.999 in the week that started the Monday before', () => {
    const w = utcWeekWindow(at('2024-03-03T23:59:59.999Z')); // a Sunday
    expect(iso(w.start)).toBe('2024-02-26T00:00:00.000Z');
    expect(iso(w.end)).toBe('2024-03-04T00:00:00.000Z');
  });

  it('starts a new week at Monday midnight', () => {
    const w = utcWeekWindow(at('2024-03-04T00:00:00.000Z')); // a Monday
    expect(iso(w.start)).toBe('2024-03-04T00:00:00.000Z');
    expect(iso(w.end)).toBe('2024-03-11T00:00:00.000Z');
  });

  it('spans a year end and a leap day', () => {
    expect(iso(utcWeekWindow(at('2025-01-01T08:00:00Z')).start)).toBe('2024-12-30T00:00:00.000Z');
    const leap = utcWeekWindow(at('2024-02-29T08:00:00Z')); // Thursday
    expect(iso(leap.start)).toBe('2024-02-26T00:00:00.000Z');
    expect(iso(leap.end)).toBe('2024-03-04T00:00:00.000Z');
  });

  it('maps every day of one week to the same Monday', () => {
    const monday = at('2025-06-02T00:00:00Z');
    for (let d = 0; d < 7; d++) {
      expect(utcWeekWindow(monday + d * 86_400_000 + 3_600_000).start).toBe(monday);
    }
    expect(utcWeekWindow(monday - 1).start).toBe(monday - 7 * 86_400_000);
  });
});

describe('UTC month window', () => {
  it('handles month lengths, leap years and December', () => {
    expect(iso(utcMonthWindow(at('2024-02-15T00:00:00Z')).end)).toBe('2024-03-01T00:00:00.000Z');
    const feb24 = utcMonthWindow(at('2024-02-29T23:59:59.999Z'));
    expect((feb24.end - feb24.start) / 86_400_000).toBe(29);
    const feb23 = utcMonthWindow(at('2023-02-10T00:00:00Z'));
    expect((feb23.end - feb23.start) / 86_400_000).toBe(28);
    const feb00 = utcMonthWindow(at('2000-02-10T00:00:00Z')); // divisible by 400: leap
    expect((feb00.end - feb00.start) / 86_400_000).toBe(29);
    const feb2100 = utcMonthWindow(at('2100-02-10T00:00:00Z')); // divisible by 100 only: not leap
    expect((feb2100.end - feb2100.start) / 86_400_000).toBe(28);
    const dec = utcMonthWindow(at('2024-12-31T23:59:59.999Z'));
    expect(iso(dec.start)).toBe('2024-12-01T00:00:00.000Z');
    expect(iso(dec.end)).toBe('2025-01-01T00:00:00.000Z');
    expect(iso(utcMonthWindow(at('2025-01-31T10:00:00Z')).end)).toBe('2025-02-01T00:00:00.000Z');
  });
});

describe('next cap reset', () => {
  it('is the next UTC midnight, week start or month start, strictly after now', () => {
    expect(iso(nextLimitReset('daily', at('2025-05-05T00:00:00.000Z')))).toBe('2025-05-06T00:00:00.000Z');
    expect(iso(nextLimitReset('weekly', at('2025-05-04T23:59:59.000Z')))).toBe('2025-05-05T00:00:00.000Z'); // Sunday → Monday
    expect(iso(nextLimitReset('weekly', at('2025-05-05T00:00:00.000Z')))).toBe('2025-05-12T00:00:00.000Z'); // Monday → next Monday
    expect(iso(nextLimitReset('monthly', at('2024-02-29T12:00:00Z')))).toBe('2024-03-01T00:00:00.000Z');
    expect(iso(nextLimitReset('monthly', at('2024-12-31T12:00:00Z')))).toBe('2025-01-01T00:00:00.000Z');
  });

  it('is null when the cap never resets', () => {
    expect(nextLimitReset(null, Date.now())).toBeNull();
    expect(limitWindow(null, Date.now())).toBeNull();
  });

  it('matches the usage windows', () => {
    const t = at('2025-07-16T09:30:00Z');
    const w = usageWindows(t);
    expect(limitWindow('daily', t)).toEqual(w.day);
    expect(limitWindow('weekly', t)).toEqual(w.week);
    expect(limitWindow('monthly', t)).toEqual(w.month);
  });
});

describe('independence from the local time zone', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('gives the same UTC windows in Tokyo and in New York', () => {
    const t = at('2025-03-09T23:30:00Z'); // a Sunday in UTC, already Monday in Tokyo
    const results = ['Asia/Tokyo', 'America/New_York', 'UTC'].map((tz) => {
      process.env.TZ = tz;
      return usageWindows(t);
    });
    expect(results[0]).toEqual(results[2]);
    expect(results[1]).toEqual(results[2]);
    expect(iso(results[0]?.week.end)).toBe('2025-03-10T00:00:00.000Z');
  });
});
