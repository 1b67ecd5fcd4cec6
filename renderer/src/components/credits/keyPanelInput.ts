import type { TFunction } from 'i18next';
import { errorText } from '../../errors/errorText';
/**
 * The key panel's inputs, checked before anything is sent (the core and the
 * gateway check again). Errors are i18n keys under `keyPanel.errors`.
 */
import { LIMIT_RESET_VALUES, type CapReset } from '../../../../shared/credits';
import type { AppErrorData } from '../../../../shared/result';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export const NAME_MAX = 200;

export function checkName(raw: string): Checked<string> {
  const value = raw.trim();
  if (value === '') return { ok: false, error: 'keyPanel.errors.nameEmpty' };
  if (value.length > NAME_MAX) return { ok: false, error: 'keyPanel.errors.nameTooLong' };
  return { ok: true, value };
}

/** A cap in dollars: a plain non-negative decimal ("5", "2.50", "0"); comma decimals are accepted too. */
export function checkCap(raw: string, noCap: boolean): Checked<number | null> {
  if (noCap) return { ok: true, value: null };
  const text = raw.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, error: 'keyPanel.errors.capInvalid' };
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return { ok: false, error: 'keyPanel.errors.capInvalid' };
  return { ok: true, value };
}

/** The select's value: `never` stands for null (the cap never resets). */
export function checkReset(raw: string): Checked<CapReset | null> {
  if (raw === 'never') return { ok: true, value: null };
  const found = LIMIT_RESET_VALUES.find((r) => r === raw);
  return found ? { ok: true, value: found } : { ok: false, error: 'keyPanel.errors.resetInvalid' };
}

/** The clearest text of a failed edit: a validation issue, else the error in the UI language. */
export function editErrorText(t: TFunction, e: AppErrorData): string {
  const issues = e.details?.issues;
  if (Array.isArray(issues)) {
    const first = issues[0] as { message?: unknown } | undefined;
    if (first && typeof first.message === 'string') return first.message;
  }
  return errorText(t, e);
}
