import { useTranslation } from 'react-i18next';
import { useSettings } from '../../stores/settingsStore';
import { ErrorMessage } from '../status/ErrorMessage';
import { CloseIcon } from '../reader/icons';

/**
 * A setting the core refused or could not store: the choice went back to what
 * it was, and this says why, in the interface language, on whichever page it happened.
 */
export function SettingsError() {
  const { t } = useTranslation();
  const error = useSettings((s) => s.error);
  if (!error) return null;
  return (
    <div className="settings-error" data-testid="settings-error">
      <p className="settings-error-title">{t('settings.saveFailed')}</p>
      <ErrorMessage error={error} compact />
      <button type="button" className="icon-button small" aria-label={t('settings.dismissError')} title={t('settings.dismissError')} onClick={() => useSettings.getState().dismissError()}>
        <CloseIcon />
      </button>
    </div>
  );
}
