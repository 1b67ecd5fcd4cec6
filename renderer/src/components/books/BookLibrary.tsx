import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_IMPORT_FAILURES, type BookImportFailure } from '../../../../shared/contract/books';
import type { AppErrorData } from '../../../../shared/result';
import { BOOK_ACCEPT } from '../../books/bookFiles';
import { formatTime } from '../../library/format';
import { sortBooks, useBooks, type BookSort } from '../../stores/booksStore';
import { BookCover } from './BookCover';
import { CoverageFigure } from '../coverage/CoverageFigure';

const SORTS: BookSort[] = ['recent', 'title', 'author', 'progress'];

function useImportError(error: AppErrorData): string {
  const { t } = useTranslation();
  const reason = error.details?.reason;
  if (typeof reason === 'string' && (BOOK_IMPORT_FAILURES as readonly string[]).includes(reason)) return t(`books.errors.${reason as BookImportFailure}`);
  return t('books.errors.generic', { message: error.message });
}

function ImportFailure({ error }: { error: AppErrorData }) {
  return (
    <p className="books-status error" role="alert" data-testid="books-import-error">
      {useImportError(error)}
    </p>
  );
}

/** The Books page: import, search, sort, open, delete. */
export function BookLibrary() {
  const { t } = useTranslation();
  const { items, query, sort, status, importing, importResult } = useBooks();
  const [confirming, setConfirming] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const sorted = useMemo(() => sortBooks(items, sort), [items, sort]);

  useEffect(() => {
    void useBooks.getState().load();
  }, []);

  return (
    <section className="books" aria-labelledby="books-heading">
      <div className="books-toolbar">
        <h1 id="books-heading">{t('books.heading')}</h1>
        <input
          type="search"
          className="books-search"
          aria-label={t('books.searchLabel')}
          placeholder={t('books.searchPlaceholder')}
          value={query}
          onChange={(e) => void useBooks.getState().load(e.target.value)}
          data-testid="books-search"
        />
        <label className="books-sort">
          <span>{t('books.sortLabel')}</span>
          <select value={sort} onChange={(e) => useBooks.getState().setSort(e.target.value as BookSort)} data-testid="books-sort">
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`books.sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="primary" onClick={() => picker.current?.click()} disabled={!!importing} data-testid="books-import">
          {t('books.import')}
        </button>
        <input
          ref={picker}
          type="file"
          accept={BOOK_ACCEPT}
          hidden
          data-testid="books-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void useBooks.getState().importFile(file);
          }}
        />
      </div>
      <p className="hint">{t('books.importHint')}</p>
      {importing && (
        <p className="books-status" role="status">
          {t('books.importing', { name: importing.name })}
        </p>
      )}
      {importResult?.ok && (
        <p className="books-status ok" role="status" data-testid="books-imported">
          {t('books.imported', { title: importResult.title })}
        </p>
      )}
      {importResult && !importResult.ok && <ImportFailure error={importResult.error} />}

      {status === 'done' && sorted.length === 0 && <p className="books-empty">{query.trim() ? t('books.noResults', { query }) : t('books.empty')}</p>}
      <ul className="books-grid" data-testid="books-list">
        {sorted.map((b) => (
          <li key={b.id} className="book-card" data-testid="book-card">
            <button type="button" className="book-open" onClick={() => void useBooks.getState().open(b.id)} aria-label={`${t('books.open')}: ${b.title}`}>
              <BookCover book={b} />
            </button>
            <div className="book-meta">
              <h2 className="book-title" lang="ja">
                {b.title}
              </h2>
              <p className="book-author" lang="ja">
                {b.author || t('books.unknownAuthor')}
              </p>
              {/* The percentage is said in words just below. */}
              <div className="book-progress" aria-hidden="true">
                <span style={{ width: `${b.progress * 100}%` }} />
              </div>
              <p className="book-facts">
                <span data-testid="book-progress">{t('books.progress', { percent: Math.floor(b.progress * 100) })}</span>
                {b.read > 0 && <span data-testid="book-left">{t('books.left', { count: b.chars - b.read })}</span>}
                <span>{t('books.chars', { count: b.chars })}</span>
                <span>{b.openedAt ? t('books.opened', { time: formatTime(b.openedAt) }) : t('books.neverOpened')}</span>
              </p>
              <CoverageFigure bookId={b.id} />
              {b.match && (
                <p className="book-match" lang="ja">
                  {t('books.match', { text: b.match })}
                </p>
              )}
              {confirming === b.id ? (
                <div className="book-confirm" role="alertdialog" aria-label={t('books.confirmDelete', { title: b.title })}>
                  <span>{t('books.confirmDelete', { title: b.title })}</span>
                  <button
                    type="button"
                    className="danger"
                    data-testid="book-confirm-delete"
                    onClick={() => {
                      setConfirming(null);
                      void useBooks.getState().remove(b.id);
                    }}
                  >
                    {t('books.delete')}
                  </button>
                  <button type="button" onClick={() => setConfirming(null)}>
                    {t('books.cancel')}
                  </button>
                </div>
              ) : (
                <button type="button" className="link-button" onClick={() => setConfirming(b.id)} data-testid="book-delete">
                  {t('books.delete')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
