import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WordListPage } from '../../../../shared/contract/words';
import { WORD_STATUSES, type WordStatus } from '../../../../shared/words';
import { bridge } from '../../bridge';
import { useWordStatus } from '../../stores/wordStatusStore';

const PAGE = 100;

/** The stored words: filtered by status and text, each status changed in place. */
export function WordListBrowser({ refresh }: { refresh: number }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<WordStatus | ''>('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [page, setPage] = useState<WordListPage | null>(null);
  // Any status change stored (here, a mark elsewhere, an import) shows in the list.
  const changes = useWordStatus((s) => s.saved);

  useEffect(() => {
    let live = true;
    void bridge.call('words.list', { ...(status ? { status } : {}), ...(query.trim() ? { query: query.trim() } : {}), limit, offset: 0 }).then((r) => {
      if (live && r.ok) setPage(r.value);
    });
    return () => {
      live = false;
    };
  }, [status, query, limit, refresh, changes]);

  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <div className="word-list" data-testid="word-list">
      <h3>{t('words.list.title')}</h3>
      {page && <p className="muted">{t('words.settings.counts', page.counts)}</p>}
      <div className="row">
        <input type="search" value={query} placeholder={t('words.list.search')} onChange={(e) => setQuery(e.target.value)} aria-label={t('words.list.search')} data-testid="word-list-search" />
        <select value={status} onChange={(e) => setStatus(e.target.value as WordStatus | '')} aria-label={t('words.list.status')} data-testid="word-list-filter">
          <option value="">{t('words.list.all')}</option>
          {WORD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`words.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {page && page.words.length === 0 ? (
        <p className="muted">{t('words.list.empty')}</p>
      ) : (
        page && (
          <table className="word-list-table">
            <thead>
              <tr>
                <th>{t('words.list.term')}</th>
                <th>{t('words.list.reading')}</th>
                <th>{t('words.list.status')}</th>
                <th>{t('words.list.source')}</th>
                <th>{t('words.list.changed')}</th>
              </tr>
            </thead>
            <tbody>
              {page.words.map((w) => (
                <tr key={`${w.term}\t${w.reading}`} data-testid="word-list-row">
                  <td lang="ja">{w.term}</td>
                  <td lang="ja">{w.reading}</td>
                  <td>
                    <select
                      value={w.status}
                      aria-label={t('words.control.label', { word: w.term })}
                      onChange={(e) => void useWordStatus.getState().set([{ term: w.term, reading: w.reading, status: e.target.value as WordStatus }])}
                    >
                      {WORD_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {t(`words.status.${s}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="muted">{t(`words.source.${w.source}`)}</td>
                  <td className="muted">{date(w.changedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
      {page && page.total > page.words.length && (
        <p>
          <span className="muted">{t('words.list.shown', { shown: page.words.length, total: page.total })}</span>{' '}
          <button type="button" className="small" onClick={() => setLimit((l) => Math.min(1000, l + PAGE))}>
            {t('words.list.more')}
          </button>
        </p>
      )}
    </div>
  );
}
