import type { TFunction } from 'i18next';
import type { AppErrorData } from '../../../shared/result';
import { describeError } from './describeError';

/**
 * An error as sentences in the UI language ("Export failed: …"): what failed, why, and
 * an internal error's id. Never the server's message text.
 */
export function errorText(t: TFunction, error: Pick<AppErrorData, 'code' | 'message' | 'retryAfterMs' | 'details'>): string {
  const view = describeError(error);
  const parts = [t(view.key, view.values) as string];
  if (view.detailKey) parts.push(t(view.detailKey) as string);
  if (view.errorId) parts.push(t('problems.errorId', { id: view.errorId }) as string);
  return parts.join(' ');
}
