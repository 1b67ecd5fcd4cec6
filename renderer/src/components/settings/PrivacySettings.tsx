import { useTranslation } from 'react-i18next';
import { useApp } from '../../stores/appStore';
import { useSettings } from '../../stores/settingsStore';
import { Switch } from './Switch';

/** Browser-mode sharing (needs CODE beyond loopback) and analytics, both off by default. */
export function PrivacySettings() {
  const { t } = useTranslation();
  const sharing = useSettings((st) => st.settings.sharing);
  const analytics = useSettings((st) => st.settings.analytics);
  const update = useSettings((st) => st.update);
  const mode = useApp((s) => s.info?.mode);
  const state = useApp((s) => s.info?.sharing);
  return (
    <fieldset className="card" data-testid="settings-privacy">
      <legend>{t('prefs.privacy')}</legend>
      <Switch
        id="pref-sharing"
        label={t('prefs.sharing')}
        checked={sharing}
        onChange={(v) => void update({ sharing: v })}
        testId="pref-sharing"
        help={
          <>
            {t('prefs.sharingHelp')}
            {mode === 'browser' && <> {t('prefs.sharingBrowserNote')}</>}
          </>
        }
      />
      {state && (
        <p className={state.refused ? 'hint error' : 'hint'} role="status" data-testid="sharing-state" data-shared={state.shared} data-refused={state.refused ?? ''}>
          {state.hostFromEnv
            ? t('prefs.sharingFromEnv', { host: state.host })
            : state.refused
              ? t('prefs.sharingNoCode')
              : state.shared
                ? t('prefs.sharingShared', { host: state.host })
                : t('prefs.sharingLocal', { host: state.host })}
        </p>
      )}
      <Switch id="pref-analytics" label={t('prefs.analytics')} checked={analytics} onChange={(v) => void update({ analytics: v })} help={t('prefs.analyticsHelp')} testId="pref-analytics" />
    </fieldset>
  );
}
