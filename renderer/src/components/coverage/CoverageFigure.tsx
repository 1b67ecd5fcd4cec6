import '../../styles/coverage.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoverage } from '../../stores/coverageStore';
import { coverageError, percentText } from './coverageText';

/**
 * A book card's coverage: the share of its counted words known. Asked for once the card comes
 * into view (the core measures a book never measured from scratch: see coverageStore).
 */
export function CoverageFigure({ bookId }: { bookId: number }) {
  const { t } = useTranslation();
  const entry = useCoverage((s) => s.books[bookId]);
  const part = useCoverage((s) => s.progress[bookId]);
  const el = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const node = el.current;
    if (useCoverage.getState().books[bookId] || !node) return;
    if (typeof IntersectionObserver === 'undefined') return useCoverage.getState().wantBook(bookId);
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      useCoverage.getState().wantBook(bookId);
    });
    seen.observe(node);
    return () => seen.disconnect();
  }, [bookId]);
  if (!entry || (entry.status === 'loading' && !entry.coverage)) {
    return (
      <span ref={el} className="coverage-figure muted" data-testid="book-coverage" data-state={entry ? 'loading' : 'waiting'}>
        {part === undefined ? t('coverage.computing') : t('coverage.computingPart', { percent: Math.floor(part * 100) })}
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
