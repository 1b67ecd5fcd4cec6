import { useTranslation } from 'react-i18next';
import { MODELS, PROVIDERS, isFreeModel } from '../../../../shared/catalog';
import { useSettings } from '../../stores/settingsStore';
import { Segmented, Switch } from './Switch';

/** Provider and model (from the shared allow-lists) and streaming. */
export function ModelSettings() {
  const { t } = useTranslation();
  const s = useSettings((st) => st.settings);
  const update = useSettings((st) => st.update);
  const provider = s.provider;
  return (
    <fieldset className="card" data-testid="settings-model">
      <legend>{t('prefs.model')}</legend>
      <Segmented id="pref-provider" label={t('prefs.provider')} options={PROVIDERS} value={provider} name={(p) => t(`prefs.providers.${p}`)} onChange={(p) => void update({ provider: p })} />
      <div className="field">
        <label className="field-label" htmlFor="pref-model">
          {t('prefs.modelName')}
        </label>
        <select id="pref-model" value={s.models[provider]} onChange={(e) => void update({ models: { [provider]: e.target.value } })}>
          {MODELS[provider].map((m) => (
            <option key={m} value={m}>
              {isFreeModel(m) ? `${m} · ${t('prefs.free')}` : m}
            </option>
          ))}
        </select>
      </div>
      <Switch id="pref-streaming" label={t('prefs.streaming')} checked={s.streaming} onChange={(streaming) => void update({ streaming })} help={t('prefs.streamingHelp')} testId="pref-streaming" />
    </fieldset>
  );
}
