import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentPreview } from '../components/history/DocumentPreview';
import { HistoryList } from '../components/history/HistoryList';
import { useLibrary } from '../stores/libraryStore';
import { errorText } from '../errors/errorText';

const DEBOUNCE_MS = 200;

/** Every analysed text, newest first, searchable over text and translations; opens offline. */
export function HistoryPage() {
  const { t } = useTranslation();
  const items = useLibrary((s) => s.items);
  const total = useLibrary((s) => s.total);
  const status = useLibrary((s) => s.status);
  const error = useLibrary((s) => s.error);
  const opened = useLibrary((s) => s.opened);
  const openError = useLibrary((s) => s.openError);
  const [query, setQuery] = useState(() => useLibrary.getState().query);
  const first = useRef(true);

  useEffect(() => {
    // The first search runs at once (the page just opened); typing is debounced.
    const delay = first.current ? 0 : DEBOUNCE_MS;
    first.current = false;
    const timer = setTimeout(() => void useLibrary.getState().search(query), delay);
    return () => clearTimeout(timer);
  }, [query]);

  const searching = query.trim() !== '';
  return (
    <section className="history" aria-labelledby="history-heading">
      <h1 id="history-heading" className="page-title">
        {t('history.heading')}
      </h1>
      <div className="history-search">
        <input
          type="search"
          aria-label={t('history.searchLabel')}
          placeholder={t('history.searchPlaceholder')}
          data-testid="history-search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="muted" data-testid="history-total" role="status">
          {status === 'done' ? t('history.total', { count: total }) : status === 'loading' ? t('history.loading') : ''}
        </span>
      </div>
      {error && (
        <p className="error" role="alert">
          {t('history.failed', { message: errorText(t, error) })}
        </p>
      )}
      {status === 'done' && items.length === 0 && (
        <p className="muted history-empty" data-testid="history-empty">
          {searching ? t('history.noResults', { query: query.trim() }) : t('history.empty')}
        </p>
      )}
      <div className={`history-layout${opened ? ' with-document' : ''}`}>
        <div className="history-column">
          <HistoryList items={items} selected={opened?.document.id ?? null} onOpen={(id) => void useLibrary.getState().open(id)} />
          {items.length < total && (
            <button type="button" className="history-more" onClick={() => void useLibrary.getState().loadMore()}>
              {t('history.loadMore')}
            </button>
          )}
        </div>
        {openError && (
          <p className="error" role="alert">
            {t('history.failed', { message: errorText(t, openError) })}
          </p>
        )}
        {opened && <DocumentPreview key={opened.document.id} doc={opened} />}
      </div>
    </section>
  );
}
