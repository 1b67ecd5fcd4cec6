/**
 * What the header meter shows, derived from the core's CreditsState: one pure
 * function so the button, its accessible name and the popover agree.
 */
import type { TFunction } from 'i18next';
import type { CreditsState } from '../../../../shared/credits';
import { formatAge, formatUsd, meterLevel, remainingFraction, type MeterLevel } from './format';

export type MeterMode = 'loading' | 'no_key' | 'unknown' | 'cap' | 'no_cap';

export interface MeterView {
  mode: MeterMode;
  level: MeterLevel;
  /** 0..1 of the cap left, for the bar; null without a cap. */
  fraction: number | null;
  /** The number next to the bar. */
  figure: string;
  /** The button's accessible name: the whole state in one sentence. */
  summary: string;
  keyProblem: 'disabled' | 'expired' | 'invalid' | null;
  stale: boolean;
  /** "Offline · 5 minutes ago" while stale. */
  staleLabel: string | null;
  freeTier: boolean;
}

export function meterView(state: CreditsState | null, ageMs: number | null, locale: string, t: TFunction): MeterView {
  const base = { keyProblem: null, stale: false, staleLabel: null, freeTier: false, level: 'none' as MeterLevel, fraction: null };
  if (!state) return { ...base, mode: 'loading', figure: t('credits.loading'), summary: t('credits.loading') };
  if (state.status === 'no_key') return { ...base, mode: 'no_key', figure: t('credits.noKey'), summary: t('credits.summaryNoKey') };

  const keyProblem = state.keyState === 'disabled' || state.keyState === 'expired' || state.keyState === 'invalid' ? state.keyState : null;
  const stale = state.status === 'stale' || (state.status === 'empty' && state.error !== null);
  // A refused key already has its badge; "offline" is only said when the gateway could not be reached.
  const unreachable = state.error?.code === 'offline' || state.error?.code === 'timeout';
  const staleLabel =
    !stale || keyProblem
      ? null
      : unreachable
        ? ageMs !== null
          ? t('credits.staleSince', { age: formatAge(ageMs, locale) })
          : t('credits.offline')
        : ageMs !== null
          ? t('credits.notUpdatedSince', { age: formatAge(ageMs, locale) })
          : t('credits.notUpdated');
  const info = state.info;
  const common = { keyProblem, stale, staleLabel, freeTier: info?.isFreeTier ?? false };
  if (!info) {
    const figure = state.status === 'empty' && state.error === null ? t('credits.loading') : t('credits.unavailable');
    return { ...common, mode: 'unknown', level: 'none', fraction: null, figure, summary: t('credits.summaryUnknown') };
  }
  const fraction = remainingFraction(info);
  if (fraction === null || info.limit === null) {
    const used = formatUsd(info.usage.daily, locale);
    return { ...common, mode: 'no_cap', level: 'none', fraction: null, figure: t('credits.noCap'), summary: t('credits.summaryNoCap', { used }) };
  }
  const remaining = formatUsd(info.limitRemaining ?? 0, locale);
  const limit = formatUsd(info.limit, locale);
  return {
    ...common,
    mode: 'cap',
    level: meterLevel(fraction),
    fraction,
    figure: t('credits.remainingOf', { remaining, limit }),
    summary: t('credits.summaryCap', { remaining, limit }),
  };
}
