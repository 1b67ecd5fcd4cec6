import { useCallback, useEffect, useState } from 'react';
import { CardBrowser } from '../components/cards/CardBrowser';
import { AnkiExportPanel } from '../components/cards/AnkiExportPanel';
import { useTranslation } from 'react-i18next';
import { ExportPanel } from '../components/review/ExportPanel';
import { ReviewSession } from '../components/review/ReviewSession';
import { ReviewStatsBar } from '../components/review/ReviewStatsBar';
import { useReview } from '../stores/reviewStore';
import { errorText } from '../errors/errorText';

/** Review of starred words and sentences (FSRS), fully offline, and the export of the cards. */
export function ReviewPage() {
  const { t } = useTranslation();
  const status = useReview((s) => s.status);
  const stats = useReview((s) => s.stats);
  const error = useReview((s) => s.error);
  // Cards ticked in the browser: the export can take just these.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Stable, so the browser's memoised rows do not all re-render when this page does.
  const select = useCallback(
    (id: number, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  useEffect(() => {
    void useReview.getState().load();
  }, []);

  return (
    <section className="review" aria-labelledby="review-heading">
      <h1 id="review-heading" className="page-title">
        {t('review.heading')}
      </h1>
      {stats && <ReviewStatsBar stats={stats} />}
      {error && (
        <p className="error" role="alert">
          {t('review.failed', { message: errorText(t, error) })}
        </p>
      )}
      {status === 'loading' && !stats ? <p className="muted">{t('review.loading')}</p> : status !== 'idle' && <ReviewSession />}
      <CardBrowser selected={selected} onSelect={select} />
      <AnkiExportPanel selected={selected} />
      <ExportPanel />
    </section>
  );
}
