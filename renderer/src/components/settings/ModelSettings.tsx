import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCAL_API_URL, LOCAL_API_URL_PATTERN, MODEL_TASKS, PROVIDERS } from '../../../../shared/catalog';
import { useModels } from '../../stores/modelsStore';
import { useSettings } from '../../stores/settingsStore';
import { ModelPicker } from '../models/ModelPicker';
import { Segmented, Switch } from './Switch';

const fetchedAtText = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(Date.parse(iso));

/** Provider, one model per task (from the live catalog), the cost question's limit, and streaming. */
export function ModelSettings() {
  const { t, i18n } = useTranslation();
  const s = useSettings((st) => st.settings);
  const update = useSettings((st) => st.update);
  const provider = s.provider;
  const list = useModels((st) => st.lists[provider]);
  const refreshing = useModels((st) => st.refreshing[provider] ?? false);
  useEffect(() => {
    void useModels.getState().load(provider);
  }, [provider, s.models, s.taskModels, s.localApiUrl]);
  const analysis = s.models[provider];
  return (
    <fieldset className="card" data-testid="settings-model">
      <legend>{t('prefs.model')}</legend>
      <Segmented id="pref-provider" label={t('prefs.provider')} options={PROVIDERS} value={provider} name={(p) => t(`prefs.providers.${p}`)} onChange={(p) => void update({ provider: p })} />
      {list && (
        <div className="model-catalog-line">
          <span className="muted" data-testid="model-source" data-source={list.source}>
            {list.fetchedAt ? t(`models.source.${list.source}`, { time: fetchedAtText(list.fetchedAt, i18n.language) }) : t('models.source.builtin')}
          </span>
          <button type="button" className="small" onClick={() => void useModels.getState().refresh(provider)} aria-busy={refreshing} data-testid="model-refresh">
            {refreshing ? t('models.refreshing') : t('models.refresh')}
          </button>
        </div>
      )}
      {provider === 'local' && <LocalServerField />}
      {provider === 'local' && list && list.source !== 'live' && (
        <p className="credit-alert" role="status" data-testid="local-unreachable">
          {t('prefs.localUnreachable', { url: s.localApiUrl ?? DEFAULT_LOCAL_API_URL })}
        </p>
      )}
      {list?.replaced?.map((r) => (
        <p key={r.model} className="credit-alert" role="status" data-testid="model-replaced">
          {t('models.replaced', { model: r.model, replacement: r.replacement })}
        </p>
      ))}
      {list &&
        MODEL_TASKS.map((task) => (
          <ModelPicker
            key={`${provider}-${task}`}
            task={task}
            models={list.models}
            source={list.source}
            provider={list.provider}
            value={task === 'analysis' ? analysis : (s.taskModels[provider][task] ?? null)}
            inherited={analysis}
            {...(list.inUse ? { inUse: list.inUse[task] } : {})}
            onChange={(id) => void update(task === 'analysis' ? { models: { [provider]: id ?? analysis } } : { taskModels: { [provider]: { [task]: id } } })}
          />
        ))}
      <div className="field">
        <label className="field-label" htmlFor="pref-cost-limit">
          {t('models.costLimit')}
        </label>
        <input
          id="pref-cost-limit"
          type="number"
          min={0}
          max={100}
          step={0.01}
          defaultValue={s.costLimitUsd}
          key={s.costLimitUsd}
          onBlur={(e) => {
            const v = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(v) && v !== s.costLimitUsd) void update({ costLimitUsd: v });
          }}
          onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
          aria-describedby="pref-cost-limit-help"
        />
        <p id="pref-cost-limit-help" className="hint">
          {t('models.costLimitHelp')}
        </p>
      </div>
      <Switch id="pref-streaming" label={t('prefs.streaming')} checked={s.streaming} onChange={(streaming) => void update({ streaming })} help={t('prefs.streamingHelp')} testId="pref-streaming" />
    </fieldset>
  );
}

/** The local server's address: Settings' own, or empty for LOCAL_API_URL (Ollama's by default). */
function LocalServerField() {
  const { t } = useTranslation();
  const saved = useSettings((st) => st.settings.localApiUrl);
  const update = useSettings((st) => st.update);
  const [draft, setDraft] = useState(saved ?? '');
  const [invalid, setInvalid] = useState(false);
  const save = () => {
    const url = draft.trim().replace(/\/+$/, '');
    if (url !== '' && !LOCAL_API_URL_PATTERN.test(url)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void update({ localApiUrl: url === '' ? null : url });
  };
  return (
    <div className="field" data-testid="local-url-field">
      <label className="field-label" htmlFor="pref-local-url">
        {t('prefs.localUrl')}
      </label>
      <div className="local-url-row">
        <input
          id="pref-local-url"
          type="url"
          value={draft}
          placeholder={DEFAULT_LOCAL_API_URL}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && save()}
          aria-invalid={invalid}
          aria-describedby="pref-local-url-help"
          data-testid="local-url"
        />
        <button type="button" className="small" onClick={save} data-testid="local-url-save">
          {t('prefs.localUrlSave')}
        </button>
      </div>
      {invalid && (
        <p className="error" role="alert" data-testid="local-url-invalid">
          {t('prefs.localUrlInvalid')}
        </p>
      )}
      <p id="pref-local-url-help" className="hint">
        {t('prefs.localUrlHelp', { ollama: DEFAULT_LOCAL_API_URL, lmstudio: 'http://127.0.0.1:1234/v1', fallback: DEFAULT_LOCAL_API_URL })}
      </p>
    </div>
  );
}
