import { useTranslation } from 'react-i18next';
import { useOcr } from '../../stores/ocrStore';
import { ModelProblem } from '../firstRun/ModelProblem';
import { CloseIcon } from './icons';
import { PictureRegion } from '../cards/PictureRegion';

/** The image being read: preview, progress, and refusals in plain words. */
export function OcrPanel() {
  const { t } = useTranslation();
  const status = useOcr((s) => s.status);
  const preview = useOcr((s) => s.preview);
  const fileName = useOcr((s) => s.fileName);
  const size = useOcr((s) => s.size);
  const refusal = useOcr((s) => s.refusal);
  const error = useOcr((s) => s.error);
  const source = useOcr((s) => s.source);
  if (status === 'idle') return null;

  return (
    <div className="ocr-panel" data-testid="ocr-panel" data-status={status} data-source={source ?? undefined}>
      {preview ? (
        <img className="ocr-preview" src={preview} alt={t('ocr.previewAlt', { name: fileName ?? '' })} data-testid="ocr-preview" />
      ) : (
        <div className="ocr-preview placeholder" aria-hidden="true" />
      )}
      <div className="ocr-info">
        {fileName && <p className="ocr-name">{fileName}</p>}
        {status === 'preparing' && <p role="status">{t('ocr.preparing')}</p>}
        {status === 'reading' && (
          <p role="status" className="with-spinner">
            <span className="spinner small" aria-hidden="true" />
            {t('ocr.reading')}
          </p>
        )}
        {status === 'done' && <p role="status">{source === 'cache' ? t('ocr.doneCached') : t('ocr.done')}</p>}
        {status === 'done' && source === 'cache' && (
          <button type="button" className="link-button" title={t('cacheRefresh.rereadTitle')} onClick={() => useOcr.getState().reread()} data-testid="ocr-reread">
            {t('cacheRefresh.reread')}
          </button>
        )}
        {status === 'stopped' && <p role="status">{t('ocr.stopped')}</p>}
        {status === 'done' && preview && <PictureRegion src={preview} />}
        {size?.scaled && <p className="hint">{t('ocr.scaled', { width: size.width, height: size.height })}</p>}
        {status === 'error' && refusal && (
          <p className="error" role="alert" data-testid="ocr-refusal" data-reason={refusal}>
            {t(`ocr.refused.${refusal}`)}
          </p>
        )}
        {status === 'error' && error && <ModelProblem error={error} feature="image" compact testId="ocr-error" onRetry={() => useOcr.getState().retry()} />}
      </div>
      <div className="ocr-actions">
        {status === 'reading' ? (
          <button type="button" className="small" onClick={() => useOcr.getState().stop()}>
            {t('ocr.stop')}
          </button>
        ) : (
          <button type="button" className="icon-button small" aria-label={t('ocr.dismiss')} title={t('ocr.dismiss')} onClick={() => useOcr.getState().dismiss()}>
            <CloseIcon />
          </button>
        )}
      </div>
    </div>
  );
}
