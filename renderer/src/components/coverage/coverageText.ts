import type { TFunction } from 'i18next';
import { COVERAGE_FAILURES, type CoverageFailure } from '../../../../shared/contract/coverage';
import type { AppErrorData } from '../../../../shared/result';
import { errorText } from '../../errors/errorText';

/** A coverage failure in the UI language: its reason when the core gave one, else the error's own line. */
export function coverageError(t: TFunction, error: AppErrorData): string {
  const reason = error.details?.reason;
  if (typeof reason === 'string' && (COVERAGE_FAILURES as readonly string[]).includes(reason)) return t(`coverage.errors.${reason as CoverageFailure}`);
  return t('coverage.errors.generic', { message: errorText(t, error) });
}

/** 87.4 → "87", 99.6 → "99.6": whole numbers where that says enough, never rounded up to 100. */
export function percentText(percent: number): string {
  const floor = Math.floor(percent);
  return percent >= 99 && percent < 100 ? (Math.floor(percent * 10) / 10).toString() : String(floor);
}
