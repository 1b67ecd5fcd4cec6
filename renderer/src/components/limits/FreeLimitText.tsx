import { useTranslation } from 'react-i18next';
import type { AppErrorData } from '../../../../shared/result';
import { formatLocalTime } from '../credits/format';
import { useNow } from '../credits/useNow';

/**
 * The inline wording of the client-side free-model throttle (`free_model_limit`):
 * which window was hit (per minute or per UTC day) and when the next slot frees
 * up: a live "next slot in N s" for the minute, a local time for the day.
 */
export function FreeLimitText({ error }: { error: AppErrorData }) {
  const { t, i18n } = useTranslation();
  const details = error.details ?? {};
  const day = details.window === 'day';
  // The minute's countdown ticks; the day's slot is a fixed time.
  const now = useNow(1000, !day);
  const limit = typeof details.limit === 'number' ? details.limit : '';
  const nextAt = error.resetAt;
  let text: string;
  if (day) {
    text = t('limits.freeInlineDay', { limit, time: nextAt !== undefined ? formatLocalTime(nextAt, i18n.language, now) : '—' });
  } else {
    const seconds = nextAt !== undefined ? Math.ceil((nextAt - now) / 1000) : Math.ceil((error.retryAfterMs ?? 0) / 1000);
    text = seconds > 0 ? t('limits.freeInlineMinute', { limit, seconds }) : t('limits.freeInlineReady', { limit });
  }
  return (
    <span data-testid="free-limit-text" data-window={day ? 'day' : 'minute'}>
      {text}
    </span>
  );
}
