import { useTranslation } from 'react-i18next';
import { useShortcutLabel } from '../../keyboard/shortcuts';
import { useReader } from '../../stores/readerStore';
import { isMissingKey } from '../../../../shared/result';
import { NoKeyInvite } from '../firstRun/NoKeyInvite';
import { AnalysisCost } from '../models/AnalysisCost';
import { ErrorMessage } from '../status/ErrorMessage';

/** Where the analysis is: the model's progress on long texts with a stop button, or why it is missing. */
export function AnalysisStatus() {
  const { t } = useTranslation();
  const reanalyzeKey = useShortcutLabel('reader.reanalyze');
  const status = useReader((s) => s.status);
  const progress = useReader((s) => s.progress);
  const modelRunning = useReader((s) => s.modelRunning);
  const hasTokens = useReader((s) => s.groups.length > 0);
  const source = useReader((s) => s.resultSource);
  const modelError = useReader((s) => s.modelError);
  const offlinePieces = useReader((s) => s.offlinePieces);
  const error = useReader((s) => s.error);
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;

  if (status === 'analyzing') {
    const label = !hasTokens ? t('analysis.offlineWorking') : modelRunning ? t('analysis.modelWorking', { percent }) : t('analysis.waitingModel');
    return (
      <div className="analysis-status" data-testid="analysis-status" data-state="analyzing">
        <div className="progress-line">
          <span className="spinner" aria-hidden="true" />
          <span role="status">{label}</span>
          <button type="button" className="small" onClick={() => useReader.getState().stop()} data-testid="stop-analysis">
            {t('analysis.stop')}
          </button>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('analysis.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={modelRunning ? percent : undefined}
        >
          <div className={`progress-bar${modelRunning ? '' : ' indeterminate'}`} style={{ width: modelRunning ? `${Math.max(percent, 3)}%` : undefined }} />
        </div>
      </div>
    );
  }
  if (status === 'stopped')
    return (
      <p className="analysis-note" role="status" data-testid="analysis-status" data-state="stopped">
        {t('analysis.stopped')}
      </p>
    );
  if (status === 'error' && error)
    return (
      <div data-testid="analysis-status" data-state="error">
        <ErrorMessage error={error} onRetry={() => useReader.getState().analyze()} testId="analysis-error" />
      </div>
    );
  // No key: the offline analysis is the result, presented as such, with the way to more.
  if (status === 'done' && isMissingKey(modelError))
    return (
      <div data-testid="analysis-status" data-state="no-key">
        <NoKeyInvite feature="analysis" />
      </div>
    );
  if (status === 'done' && modelError)
    return (
      <div data-testid="analysis-status" data-state="offline-only">
        <p className="analysis-note">{t('analysis.offlineOnly')}</p>
        <ErrorMessage error={modelError} compact testId="analysis-model-error" />
      </div>
    );
  if (status === 'done' && source)
    return (
      <>
      <p className="analysis-note source" data-testid="analysis-status" data-state="done" data-source={source}>
        {t(`analysis.source.${source}`)}
        {offlinePieces > 0 && (
          <span className="analysis-partial" data-testid="analysis-offline-pieces">
            {' '}
            {t('analysis.offlinePieces', { count: offlinePieces })}
          </span>
        )}
        {source === 'cache' && (
          <>
            {' '}
            <button type="button" className="link-button" title={t('cacheRefresh.reanalyzeTitle', { key: reanalyzeKey })} onClick={() => useReader.getState().analyze({ refresh: true })} data-testid="reanalyze">
              {t('cacheRefresh.reanalyze')}
            </button>
          </>
        )}
      </p>
      <AnalysisCost />
      </>
    );
  return null;
}
