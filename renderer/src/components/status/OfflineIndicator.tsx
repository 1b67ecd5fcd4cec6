import { useTranslation } from 'react-i18next';
import { useConnectivity } from '../../stores/connectivityStore';

/** Shown in the header while the network is missing; offline features keep working meanwhile. */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const offline = useConnectivity((s) => !s.browserOnline || s.unreachable);
  if (!offline) return null;
  return (
    <span className="offline-pill" role="status" title={t('status.offlineHelp')} data-testid="offline-indicator">
      <span className="offline-dot" aria-hidden="true" />
      {t('status.offline')}
    </span>
  );
}
