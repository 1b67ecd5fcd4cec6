import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewStats } from '../../../../shared/contract/review';
import { dateFormat, MONTH_DAY_UTC } from '../../i18n/dateFormats';

/** `YYYY-MM-DD` (a calendar day, no time zone) as "Nov 3" in the UI language. */
function dayText(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return dateFormat(locale, MONTH_DAY_UTC).format(Date.UTC(y!, m! - 1, d!));
}

const BAR_MAX_PX = 48;

/**
 * The last days' review counts as bars: a caption, the count axis (0 and the busiest day), the date axis
 * (first day, middle, today), and each day's date and count in a tooltip (hover or keyboard focus) and
 * for screen readers.
 */
export function ReviewActivity({ days }: { days: ReviewStats['days'] }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState<number | null>(null);
  const captionId = useId();
  if (days.length === 0) return null;
  const max = Math.max(1, ...days.map((d) => d.count));
  const label = (i: number) => t('review.activity.day', { date: dayText(days[i]!.day, i18n.language), count: days[i]!.count });
  const mid = Math.floor((days.length - 1) / 2);
  return (
    <figure className="review-activity" data-testid="review-activity" aria-labelledby={captionId}>
      <figcaption id={captionId} className="review-activity-title">
        {t('review.activity.title', { count: days.length })}
      </figcaption>
      <div className="review-activity-plot">
        <div className="review-axis-y" aria-hidden="true" data-testid="review-axis-y">
          <span className="review-axis-name">{t('review.activity.yAxis')}</span>
          <span className="review-axis-tick">{max}</span>
          <span className="review-axis-tick">0</span>
        </div>
        <div className="review-activity-body">
          <ol className="review-days" onMouseLeave={() => setShown(null)}>
            {days.map((d, i) => (
              <li
                key={d.day}
                className="review-day-slot"
                tabIndex={0}
                aria-label={label(i)}
                onMouseEnter={() => setShown(i)}
                onFocus={() => setShown(i)}
                onBlur={() => setShown((s) => (s === i ? null : s))}
                data-testid="review-day"
                data-day={d.day}
              >
                <span className="review-day" style={{ height: `${2 + (d.count / max) * BAR_MAX_PX}px` }} data-empty={d.count === 0} />
                {shown === i && (
                  <span className="review-day-tip" role="tooltip" data-testid="review-day-tooltip" data-edge={i < 4 ? 'start' : i > days.length - 5 ? 'end' : undefined}>
                    {label(i)}
                  </span>
                )}
              </li>
            ))}
          </ol>
          <div className="review-axis-x" aria-hidden="true" data-testid="review-axis-x">
            <span>{dayText(days[0]!.day, i18n.language)}</span>
            <span>{dayText(days[mid]!.day, i18n.language)}</span>
            <span>{t('review.activity.today')}</span>
          </div>
        </div>
      </div>
    </figure>
  );
}
