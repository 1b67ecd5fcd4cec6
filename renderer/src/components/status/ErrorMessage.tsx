import { useTranslation } from 'react-i18next';
import type { AppErrorData } from '../../../../shared/result';
import { describeError } from '../../errors/describeError';
import { useApp } from '../../stores/appStore';
import { FreeLimitText } from '../limits/FreeLimitText';

/**
 * An error in the interface language, from its code and details only: which service
 * failed and why, what still works, and the way out when there is one. Settings is
 * offered only when Settings is not already open.
 */
export function ErrorMessage(props: { error: AppErrorData; onRetry?: () => void; compact?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const inSettings = useApp((s) => s.page === 'settings');
  const view = describeError(props.error);
  // The free-model throttle says which window it hit and when the next slot is (its own words are English).
  const freeLimit = props.error.code === 'free_model_limit';
  return (
    <div className={`error-box${props.compact ? ' compact' : ''}`} role="alert" data-testid={props.testId} data-code={props.error.code} data-service={view.service}>
      <svg className="error-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M10 5.5v5.5M10 13.6v.9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <div className="error-body">
        <p className="error-title">
          {freeLimit ? <FreeLimitText error={props.error} /> : t(view.key, view.values)}
          {view.detailKey && !freeLimit && <> {t(view.detailKey)}</>}
        </p>
        {view.stillWorksKey && <p className="error-raw" data-testid="error-still-works">{t(view.stillWorksKey)}</p>}
        {view.errorId && <p className="error-raw">{t('problems.errorId', { id: view.errorId })}</p>}
        {view.retryInSeconds !== undefined && !freeLimit && <p className="error-raw">{t('problems.retryIn', { seconds: view.retryInSeconds })}</p>}
      </div>
      <div className="error-actions">
        {view.action === 'settings' && !inSettings && (
          <button type="button" className="small" onClick={() => useApp.getState().go('settings')}>
            {t('problems.openSettings')}
          </button>
        )}
        {props.onRetry && view.action !== 'settings' && (
          <button type="button" className="small" onClick={props.onRetry}>
            {t('problems.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
