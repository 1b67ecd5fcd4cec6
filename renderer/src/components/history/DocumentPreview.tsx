import { useState } from 'react';
import { AudioErrorNotice } from '../audio/AudioErrorNotice';
import { useTranslation } from 'react-i18next';
import type { OpenedDocument } from '../../../../shared/contract/library';
import { formatTime } from '../../library/format';
import { useAudio } from '../../stores/audioStore';
import { useLibrary } from '../../stores/libraryStore';
import { RubyTokens } from './RubyTokens';

/** A document as it was last read, entirely from SQLite: text with furigana, translation, looked-up words. */
export function DocumentPreview({ doc }: { doc: OpenedDocument }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const playing = useAudio((s) => s.what === 'all' && s.status !== 'idle');
  const { document: d } = doc;
  return (
    <article className="card history-document" data-testid="history-document" aria-labelledby="history-document-title">
      <header className="card-head">
        <div>
          <h2 id="history-document-title" lang="ja">
            {d.title}
          </h2>
          <p className="muted history-meta">
            <span className={`history-source source-${d.source}`}>{t(`history.sources.${d.source}`)}</span>
            <span data-testid="history-created">{t('history.created', { time: formatTime(d.createdAt) })}</span>
            <span>{t('history.opened', { time: formatTime(d.openedAt) })}</span>
            <span>{t('history.chars', { count: d.chars })}</span>
            <span data-testid="history-analysis-source">{doc.tokensSource === 'model' ? t('history.modelAnalysis') : t('history.offlineAnalysis')}</span>
          </p>
        </div>
        <button type="button" className="icon-button small" aria-label={t('history.close')} onClick={() => useLibrary.getState().closeDocument()}>
          ×
        </button>
      </header>
      <div className="card-actions history-actions">
        <button type="button" className="primary" data-testid="history-open-reader" onClick={() => void useLibrary.getState().openInReader(doc)}>
          {t('history.openInReader')}
        </button>
        <button
          type="button"
          data-testid="history-play"
          onClick={() => (playing ? useAudio.getState().stop() : useAudio.getState().play(doc.text, 'all'))}
        >
          {playing ? t('history.stop') : t('history.play')}
        </button>
        {confirming ? (
          <>
            <button type="button" className="danger" data-testid="history-delete-confirm" onClick={() => void useLibrary.getState().remove(d.id)}>
              {t('history.confirmDelete')}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {t('history.cancel')}
            </button>
          </>
        ) : (
          <button type="button" data-testid="history-delete" onClick={() => setConfirming(true)}>
            {t('history.delete')}
          </button>
        )}
      </div>
      <AudioErrorNotice whats={['all']} />
      <RubyTokens tokens={doc.tokens} />
      <section className="history-section" aria-label={t('history.translation')}>
        <h3>{t('history.translation')}</h3>
        {doc.translation ? (
          <p className="history-translation" data-testid="history-translation">
            {doc.translation.text}
          </p>
        ) : (
          <p className="muted">{t('history.noTranslation')}</p>
        )}
      </section>
      {doc.details.length > 0 && (
        <section className="history-section" aria-label={t('history.details')}>
          <h3>{t('history.details')}</h3>
          <dl className="history-details" data-testid="history-details">
            {doc.details.map((x, i) => (
              <div key={i} className="history-detail">
                <dt lang="ja">
                  {x.word}
                  {x.detail.furigana && x.detail.furigana !== x.word && <span className="muted"> ({x.detail.furigana})</span>}
                </dt>
                <dd>{x.detail.chineseTranslation || x.detail.explanation}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </article>
  );
}
