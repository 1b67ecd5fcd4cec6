/**
 * Usage windows and cap resets of the gateway: all in
 * UTC, weeks start on Monday, resets happen at midnight UTC. Pure functions of an
 * instant in epoch milliseconds. UTC has no daylight-saving shifts, so a day is
 * always 86 400 000 ms here (JavaScript time ignores leap seconds too).
 */
import type { CapReset } from '../../../shared/credits';

export const DAY_MS = 86_400_000;

/** Half-open interval [start, end): `end` is the instant of the next reset. */
export interface UtcWindow {
  start: number;
  end: number;
}

export function startOfUtcDay(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

export function utcDayWindow(at: number): UtcWindow {
  const start = startOfUtcDay(at);
  return { start, end: start + DAY_MS };
}

export function utcWeekWindow(at: number): UtcWindow {
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday is (day + 6) % 7.
  const sinceMonday = (new Date(at).getUTCDay() + 6) % 7;
  const start = startOfUtcDay(at) - sinceMonday * DAY_MS;
  return { start, end: start + 7 * DAY_MS };
}

export function utcMonthWindow(at: number): UtcWindow {
  const d = new Date(at);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  // Date.UTC carries month 12 into January of the next year.
  return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1) };
}

export interface UsageWindows {
  day: UtcWindow;
  week: UtcWindow;
  month: UtcWindow;
}

export function usageWindows(at: number): UsageWindows {
  return { day: utcDayWindow(at), week: utcWeekWindow(at), month: utcMonthWindow(at) };
}

/** The window a key cap counts against; null when the cap never resets. */
export function limitWindow(reset: CapReset | null, at: number): UtcWindow | null {
  switch (reset) {
    case 'daily':
      return utcDayWindow(at);
    case 'weekly':
      return utcWeekWindow(at);
    case 'monthly':
      return utcMonthWindow(at);
    default:
      return null;
  }
}

/** Instant (epoch ms) of the next cap reset strictly after `at`; null when it never resets. */
export function nextLimitReset(reset: CapReset | null, at: number): number | null {
  return limitWindow(reset, at)?.end ?? null;
}
