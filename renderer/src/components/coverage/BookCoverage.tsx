import { forwardRef, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBooks } from '../../stores/booksStore';
import { useCoverage } from '../../stores/coverageStore';
import { CoveragePanel } from './CoveragePanel';

/** The book's coverage, from the reader bar: measured (or brought up to date) when opened. */
export const BookCoverage = forwardRef<HTMLDivElement, { bookId: number; onOpened?: () => void }>(function BookCoverage({ bookId, onOpened }, ref) {
  const { t } = useTranslation();
  const entry = useCoverage((s) => s.books[bookId]);
  useEffect(() => {
    void useCoverage.getState().loadBook(bookId);
  }, [bookId]);
  return (
    <div ref={ref} className="book-popover book-coverage" role="dialog" aria-label={t('coverage.heading')} data-testid="book-coverage-panel">
      <CoveragePanel
        entry={entry}
        onOpen={(place) => {
          void useBooks.getState().openAt({ bookId: place.bookId, chapterId: place.chapterId, paragraphId: place.paragraphId });
          onOpened?.();
        }}
      />
    </div>
  );
});
