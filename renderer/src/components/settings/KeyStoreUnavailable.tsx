import { useTranslation } from 'react-i18next';
import type { SecretsStatus } from '../../../../shared/secrets';
import { bridge } from '../../bridge';
import { useSecrets } from '../../stores/secretsStore';
import { useSettings } from '../../stores/settingsStore';

/**
 * No keychain here: said before anything is typed, with the ways that do work — environment
 * variables in browser mode, the fallback store (and what it costs) on the desktop. The system's
 * own reason stays in the log; only its error id is shown.
 */
export function KeyStoreUnavailable({ unavailable }: { unavailable: NonNullable<SecretsStatus['unavailable']> }) {
  const { t } = useTranslation();
  const update = useSettings((s) => s.update);
  const desktop = bridge.kind === 'ipc';
  const allowFallback = async () => {
    await update({ allowInsecureKeyStorage: true });
    await useSecrets.getState().load();
  };
  return (
    <div className="key-store-unavailable" role="status" data-testid="keys-unavailable">
      <p className="key-store-title">{t('keyStore.none')}</p>
      {desktop ? (
        unavailable.insecureFallback ? (
          <>
            <p className="muted">{t('keyStore.desktopFallback')}</p>
            <button type="button" data-testid="keys-allow-fallback" onClick={() => void allowFallback()}>
              {t('keyStore.allowFallback')}
            </button>
          </>
        ) : (
          <p className="muted">{t('keyStore.desktopNoFallback')}</p>
        )
      ) : (
        <p className="muted" data-testid="keys-env-help">
          {t('keyStore.browser')}
        </p>
      )}
      <p className="muted small">{t('keyStore.logged', { id: unavailable.errorId })}</p>
    </div>
  );
}
