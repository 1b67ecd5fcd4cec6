import { useTranslation } from 'react-i18next';
import type { ReviewStats } from '../../../../shared/contract/review';

/** Today's numbers and the streak, plus a 30-day strip of review counts. */
export function ReviewStatsBar({ stats }: { stats: ReviewStats }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...stats.days.map((d) => d.count));
  const figures = [
    ['due', t('review.dueNow'), stats.dueNow],
    ['today', t('review.reviewedToday'), stats.today.reviewed],
    ['streak', t('review.streak'), stats.streak],
    ['cards', t('review.cards'), stats.total],
  ] as const;
  return (
    <div className="review-stats" data-testid="review-stats">
      <dl className="review-figures">
        {figures.map(([id, label, value]) => (
          <div key={id} className="review-figure" data-testid={`review-stat-${id}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="review-days" aria-hidden="true">
        {stats.days.map((d) => (
          <span key={d.day} className="review-day" title={`${d.day}: ${d.count}`} style={{ height: `${4 + (d.count / max) * 28}px` }} data-empty={d.count === 0} />
        ))}
      </div>
    </div>
  );
}
