import { useState } from 'react';
import { isMissingKey } from '../../../../shared/result';
import { useTranslation } from 'react-i18next';
import { useReader } from '../../stores/readerStore';
import { useTranslationStore } from '../../stores/translationStore';
import { ModelProblem } from '../firstRun/ModelProblem';
import { CopyIcon, RefreshIcon } from './icons';

/** The translation below the text, paragraphs kept; copy and translate again. */
export function TranslationCard() {
  const { t } = useTranslation();
  const doc = useReader((s) => s.doc);
  const analysing = useReader((s) => s.status === 'analyzing');
  const text = useTranslationStore((s) => s.text);
  const status = useTranslationStore((s) => s.status);
  const error = useTranslationStore((s) => s.error);
  const source = useTranslationStore((s) => s.source);
  const [copied, setCopied] = useState(false);
  const noKey = isMissingKey(error);
  if (!doc) return null;

  const retranslate = () => useTranslationStore.getState().translate(doc.id, doc.text, { refresh: true });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1600);
    } catch {
      setCopied(false);
    }
  };
  const paragraphs = text.split(/\n{2,}/);

  return (
    <section className="card translation-card" aria-labelledby="translation-heading" aria-busy={status === 'loading'} data-testid="translation-card">
      <div className="card-head">
        <h2 id="translation-heading">{t('translation.heading')}</h2>
        <div className="card-actions">
          {status === 'loading' && (
            <button type="button" className="small" onClick={() => useTranslationStore.getState().stop()}>
              {t('translation.stop')}
            </button>
          )}
          {/* Actions only when they can run: nothing to copy before a translation, nothing to retry without a key. */}
          {text !== '' && (
            <button type="button" className="small with-icon" onClick={() => void copy()} disabled={status === 'loading'} data-testid="copy-translation">
              <CopyIcon />
              {copied ? t('translation.copied') : t('translation.copy')}
            </button>
          )}
          {!noKey && (
            <button type="button" className="small with-icon" onClick={retranslate} disabled={status === 'loading' || analysing} data-testid="retranslate">
              <RefreshIcon />
              {text === '' ? t('translation.translate') : t('translation.retranslate')}
            </button>
          )}
        </div>
      </div>
      <div className="translation-body" data-testid="translation-text" data-status={status}>
        {text !== '' &&
          paragraphs.map((p, i) => (
            <p key={i} className="translation-paragraph">
              {p}
              {status === 'loading' && i === paragraphs.length - 1 && <span className="caret" aria-hidden="true" />}
            </p>
          ))}
        {text === '' && status === 'loading' && (
          <div className="skeleton-lines" aria-label={t('translation.translating')} role="status">
            <span />
            <span />
            <span className="short" />
          </div>
        )}
        {text === '' && status === 'idle' && <p className="muted">{analysing ? t('translation.afterAnalysis') : t('translation.empty')}</p>}
        {status === 'stopped' && <p className="muted">{t('translation.stopped')}</p>}
        {status === 'error' && error && <ModelProblem error={error} feature="translation" onRetry={retranslate} testId="translation-error" />}
      </div>
      {status === 'done' && source === 'cache' && <p className="hint">{t('translation.fromCache')}</p>}
    </section>
  );
}
