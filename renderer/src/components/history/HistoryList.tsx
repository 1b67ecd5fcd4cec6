import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '../../../../shared/contract/library';
import { formatTime } from '../../library/format';

/** Search results / recent documents; the match is marked without any HTML from the data. */
export function HistoryList(props: { items: DocumentSummary[]; selected: number | null; onOpen(id: number): void }) {
  const { t } = useTranslation();
  return (
    <ul className="history-list" data-testid="history-list">
      {props.items.map((d) => (
        <li key={d.id}>
          <button
            type="button"
            className="history-item"
            data-testid="history-item"
            data-id={d.id}
            aria-current={props.selected === d.id ? 'true' : undefined}
            onClick={() => props.onOpen(d.id)}
          >
            <span className="history-title" lang="ja">
              {d.title}
            </span>
            <span className="history-meta">
              <span className={`history-source source-${d.source}`}>{t(`history.sources.${d.source}`)}</span>
              <span data-testid="history-created">{t('history.created', { time: formatTime(d.createdAt) })}</span>
              <span>{t('history.opened', { time: formatTime(d.openedAt) })}</span>
            </span>
            {d.match ? (
              <span className="history-snippet" lang={d.match.field === 'text' ? 'ja' : undefined}>
                {d.match.before}
                <mark>{d.match.hit}</mark>
                {d.match.after}
              </span>
            ) : (
              d.translationPreview && <span className="history-snippet">{d.translationPreview}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
