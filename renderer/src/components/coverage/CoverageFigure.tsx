import '../../styles/coverage.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoverage } from '../../stores/coverageStore';
import { coverageError, percentText } from './coverageText';

/** A book card's coverage: the share of its counted words known. */
export function CoverageFigure({ bookId }: { bookId: number }) {
  const { t } = useTranslation();
  const entry = useCoverage((s) => s.books[bookId]);
  useEffect(() => {
    if (!useCoverage.getState().books[bookId]) void useCoverage.getState().loadBook(bookId);
  }, [bookId]);
  if (!entry || (entry.status === 'loading' && !entry.coverage)) {
    return (
      <span className="coverage-figure muted" data-testid="book-coverage" data-state="loading">
        {t('coverage.computing')}
      </span>
    );
  }
  if (entry.status === 'error' && entry.error) {
    return (
      <span className="coverage-figure muted" data-testid="book-coverage" data-state="error">
        {coverageError(t, entry.error)}
      </span>
    );
  }
  const c = entry.coverage!;
  return (
    <span className="coverage-figure" title={t('coverage.figureTitle')} data-testid="book-coverage" data-state="done">
      <span className="coverage-meter" aria-hidden="true">
        <span className="coverage-meter-fill" data-percent={Math.floor(c.percent)} style={{ width: `${c.percent}%` }} />
      </span>
      {t('coverage.figure', { percent: percentText(c.percent) })}
    </span>
  );
}
