import { useTranslation } from 'react-i18next';
import { useApp, type Page } from '../../stores/appStore';

const ICONS: Record<'history' | 'review' | 'books' | 'stats', string> = {
  // Bars rising: reading statistics.
  stats: 'M3 20h18v2H3zm2-9h3v7H5zm5.5-5h3v12h-3zM16 3h3v15h-3z',
  // An open book.
  books: 'M12 6.5C10.3 5.2 7.6 4.5 4 4.5H2v14h2c3.4 0 5.9.7 7.5 2h1c1.6-1.3 4.1-2 7.5-2h2v-14h-2c-3.6 0-6.3.7-8 2zm-1 11.6c-1.7-.8-3.9-1.3-7-1.4V6.5c3.1.1 5.5.8 7 2zm9-1.4c-3.1.1-5.3.6-7 1.4V8.5c1.5-1.2 3.9-1.9 7-2z',
  // A clock: what was read before.
  history: 'M12 3a9 9 0 1 0 9 9h-2a7 7 0 1 1-2.05-4.95L14.5 9.5H21V3l-2.64 2.64A8.97 8.97 0 0 0 12 3zm-1 5v5l4.25 2.52.77-1.28-3.52-2.09V8z',
  // Stacked cards: review.
  review: 'M4 6h12a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zm0 2v10h12V8zm4-6h12a2 2 0 0 1 2 2v10h-2V4H8z',
};

/** Header buttons for History and Review; pressing the current one goes back to the reader. */
export function LibraryNav() {
  const { t } = useTranslation();
  const page = useApp((s) => s.page);
  const go = useApp((s) => s.go);
  const label = (target: Extract<Page, 'history' | 'review' | 'books' | 'stats'>) => (target === 'books' ? t('books.nav') : target === 'stats' ? t('stats.nav') : t(`libraryNav.${target}`));
  const button = (target: Extract<Page, 'history' | 'review' | 'books' | 'stats'>) => (
    <button
      type="button"
      className="icon-button"
      aria-pressed={page === target}
      aria-label={label(target)}
      title={label(target)}
      data-testid={`nav-${target}`}
      onClick={() => go(page === target ? 'reader' : target)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d={ICONS[target]} />
      </svg>
    </button>
  );
  return (
    <>
      {button('books')}
      {button('history')}
      {button('review')}
      {button('stats')}
    </>
  );
}
