import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPLANATION_LOCALES, LOCALES, type ExplanationLocale } from '../../../shared/locales';
import { isValidSecretValue, SECRET_NAMES, type SecretName } from '../../../shared/secrets';
import { THEMES, type Theme } from '../../../shared/settings';
import { KeyPanel } from '../components/credits/KeyPanel';
import { API_KEYS_ID } from '../components/credits/openKeyPanel';
import { CacheSettings } from '../components/settings/CacheSettings';
import { AboutBox, DictionarySettings } from '../components/dictionary/DictionarySettings';
import { OfflineDataSettings } from '../components/library/OfflineDataSettings';
import { KeyboardSettings } from '../components/settings/KeyboardSettings';
import { ModelSettings } from '../components/settings/ModelSettings';
import { PrivacySettings } from '../components/settings/PrivacySettings';
import { ReadingSettings } from '../components/settings/ReadingSettings';
import { WordKnowledgeSettings } from '../components/words/WordKnowledgeSettings';
import { VoiceSettings } from '../components/settings/VoiceSettings';
import { ErrorMessage } from '../components/status/ErrorMessage';
import { useSecrets } from '../stores/secretsStore';
import { KeyStoreUnavailable } from '../components/settings/KeyStoreUnavailable';
import { useSettings } from '../stores/settingsStore';

export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  const status = useSecrets((s) => s.status);
  const secretsError = useSecrets((s) => s.error);

  useEffect(() => {
    void useSecrets.getState().load();
  }, []);

  return (
    <section className="settings" aria-labelledby="settings-heading">
      <h1 id="settings-heading" className="page-title">
        {t('settings.heading')}
      </h1>

      <fieldset className="card">
        <legend>{t('settings.appearance')}</legend>
        <div className="field">
          <span className="field-label" id="theme-label">
            {t('settings.theme')}
          </span>
          <div className="segmented" role="radiogroup" aria-labelledby="theme-label">
            {THEMES.map((theme: Theme) => (
              <button
                key={theme}
                type="button"
                role="radio"
                aria-checked={settings.theme === theme}
                data-testid={`theme-${theme}`}
                onClick={() => void update({ theme })}
              >
                {t(`settings.themes.${theme}`)}
              </button>
            ))}
          </div>
        </div>
        <LocaleSelect id="ui-locale" label={t('settings.uiLocale')} value={settings.uiLocale} onChange={(uiLocale) => void update({ uiLocale })} />
        <LocaleSelect
          id="explanation-locale"
          label={t('settings.explanationLocale')}
          value={settings.explanationLocale}
          options={EXPLANATION_LOCALES}
          onChange={(explanationLocale) => void update({ explanationLocale })}
        />
        {settings.explanationLocale === 'ja' && <p className="field-help" data-testid="explanation-ja-help">{t('settings.explanationJaHelp')}</p>}
      </fieldset>

      <ReadingSettings />
      <WordKnowledgeSettings />
      <ModelSettings />

      <fieldset className="card" id={API_KEYS_ID} tabIndex={-1} data-testid="api-keys">
        <legend>{t('settings.keys')}</legend>
        {status?.unavailable ? (
          <KeyStoreUnavailable unavailable={status.unavailable} />
        ) : (
          <>
            <p className="muted">{t('settings.keysHelp')}</p>
            {status && (
              <p className="muted" data-testid="secrets-backend">
                {t('settings.backend', { backend: status.backendLabel })}
              </p>
            )}
          </>
        )}
        {secretsError && <ErrorMessage error={secretsError} compact testId="secrets-error" />}
        {SECRET_NAMES.map((name) => (
          <KeyRow key={name} name={name} />
        ))}
      </fieldset>
      <KeyPanel />
      <VoiceSettings />
      <CacheSettings />
      <OfflineDataSettings />
      <DictionarySettings />
      <KeyboardSettings />
      <PrivacySettings />
      <AboutBox />
    </section>
  );
}

function LocaleSelect<L extends ExplanationLocale>(props: { id: string; label: string; value: L; options?: readonly L[]; onChange(l: L): void }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value as L)}>
        {(props.options ?? (LOCALES as readonly ExplanationLocale[] as readonly L[])).map((l) => (
          <option key={l} value={l}>
            {t(`locales.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function KeyRow({ name }: { name: SecretName }) {
  const { t } = useTranslation();
  const key = useSecrets((s) => s.status?.keys[name]);
  const busy = useSecrets((s) => s.busy === name);
  const save = useSecrets((s) => s.save);
  const clear = useSecrets((s) => s.clear);
  // No keychain: a field and a Save button could only fail (KeyStoreUnavailable says what works instead).
  const storable = useSecrets((s) => s.status !== null && s.status.backend !== 'none');
  const [value, setValue] = useState('');
  const [done, setDone] = useState<'saved' | 'cleared' | null>(null);
  // Said here, in the UI language, before the core refuses it (a key travels in a header).
  const [badKey, setBadKey] = useState(false);
  const inputId = `key-${name}`;

  const statusText = !key?.set
    ? t('settings.keyNotSet')
    : key.source === 'env'
      ? t('settings.keySetEnv', { hint: key.hint })
      : t('settings.keySet', { hint: key.hint });

  return (
    <form
      className="key-row"
      data-testid={`key-row-${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!value.trim()) return;
        if (!isValidSecretValue(value.trim())) return setBadKey(true);
        void save(name, value.trim()).then((ok) => {
          if (ok) {
            setValue('');
            setDone('saved');
          }
        });
      }}
    >
      <label className="field-label" htmlFor={inputId}>
        {t(`settings.keyNames.${name}`)}
      </label>
      <span className="key-status" data-testid={`key-status-${name}`} data-set={key?.set ? 'true' : 'false'}>
        {statusText}
        {done && <span className="ok"> · {t(`settings.${done}`)}</span>}
      </span>
      {storable && (
        <div className="key-inputs">
          <input
            id={inputId}
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('settings.keyPlaceholder')}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setDone(null);
              setBadKey(false);
            }}
            aria-invalid={badKey}
            aria-describedby={badKey ? `${inputId}-bad` : undefined}
          />
          <button type="submit" className="primary" disabled={busy || value.trim() === ''}>
            {t('settings.save')}
          </button>
          <button
            type="button"
            disabled={busy || !key?.set || key.source === 'env'}
            onClick={() => void clear(name).then((ok) => ok && setDone('cleared'))}
          >
            {t('settings.clear')}
          </button>
        </div>
      )}
      {badKey && (
        <p className="key-error" id={`${inputId}-bad`} role="alert" data-testid={`key-bad-${name}`}>
          {t('keyRules.badCharacters')}
        </p>
      )}
    </form>
  );
}
