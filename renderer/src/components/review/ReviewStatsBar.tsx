import { useTranslation } from 'react-i18next';
import type { ReviewStats } from '../../../../shared/contract/review';
import { ReviewActivity } from './ReviewActivity';

/** Today's numbers and the streak, plus the last days' review counts (ReviewActivity). */
export function ReviewStatsBar({ stats }: { stats: ReviewStats }) {
  const { t } = useTranslation();
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
      <ReviewActivity days={stats.days} />
    </div>
  );
}
