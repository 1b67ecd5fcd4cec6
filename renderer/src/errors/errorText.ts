import type { TFunction } from 'i18next';
import type { AppErrorData } from '../../../shared/result';
import { describeError } from './describeError';

/**
 * One line for an error inside a sentence ("Export failed: …"): the message in
 * the UI language, then the provider's own words when there are some.
 */
export function errorText(t: TFunction, error: Pick<AppErrorData, 'code' | 'message' | 'retryAfterMs'>): string {
  const view = describeError(error);
  const text = t(view.key, view.values) as string;
  return view.raw && view.raw !== text ? `${text} (${view.raw})` : text;
}
