/**
 * Number, time and level formatting for the meter, its popover, the key panel
 * and the limit banner. Locale-aware through Intl; unit words through i18n.
 */
import type { TFunction } from 'i18next';
import type { CreditsKeyInfo } from '../../../../shared/credits';

/** Bar colour thresholds: at or below 25 % left is low, at or below 10 % critical. */
export const LOW_FRACTION = 0.25;
export const CRITICAL_FRACTION = 0.1;

export type MeterLevel = 'ok' | 'low' | 'critical' | 'none';

/** Share of the cap still available (0..1); null without a cap. */
export function remainingFraction(info: CreditsKeyInfo | null): number | null {
  if (!info || info.limit === null || info.limitRemaining === null) return null;
  if (info.limit <= 0) return 0;
  return Math.min(1, Math.max(0, info.limitRemaining / info.limit));
}

export function meterLevel(fraction: number | null): MeterLevel {
  if (fraction === null) return 'none';
  if (fraction <= CRITICAL_FRACTION) return 'critical';
  if (fraction <= LOW_FRACTION) return 'low';
  return 'ok';
}

/** USD: two decimals, four for sub-cent amounts so a single request's cost is still visible. */
export function formatUsd(value: number, locale: string): string {
  const small = value !== 0 && Math.abs(value) < 0.01;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: small ? 4 : 2,
    maximumFractionDigits: small ? 4 : 2,
  }).format(value);
}

export function formatPercent(fraction: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** A reset instant in local time: weekday and time, with the date when it is more than a week away. */
export function formatLocalTime(at: number, locale: string, now: number): string {
  const far = at - now > 6 * 86_400_000;
  return new Intl.DateTimeFormat(locale, {
    ...(far ? { month: 'short', day: 'numeric' } : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/** A countdown: `m:ss` under an hour, then hours and minutes, then days and hours. */
export function formatCountdown(ms: number, t: TFunction): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3_600);
  const m = Math.floor((total % 3_600) / 60);
  const s = total % 60;
  if (d > 0) return t('credits.duration.days', { d, h });
  if (h > 0) return t('credits.duration.hours', { h, m });
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** "5 minutes ago", in the UI language. */
export function formatAge(ms: number, locale: string): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const s = Math.round(ms / 1000);
  if (s < 60) return rtf.format(-Math.max(0, s), 'second');
  const m = Math.round(s / 60);
  if (m < 60) return rtf.format(-m, 'minute');
  const h = Math.round(m / 60);
  if (h < 48) return rtf.format(-h, 'hour');
  return rtf.format(-Math.round(h / 24), 'day');
}
