import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../stores/settingsStore';
import { cacheControls, onCacheControlsChanged } from './cacheControls';

const MIN_MB = 10;
const MAX_MB = 100_000;

/** Audio cache size (saved on change) and clearing (through the offline feature's seam). */
export function CacheSettings() {
  const { t } = useTranslation();
  const saved = useSettings((st) => st.settings.audioCacheMb);
  const update = useSettings((st) => st.update);
  const [draft, setDraft] = useState(String(saved));
  const [editing, setEditing] = useState(false);
  const controls = useSyncExternalStore(onCacheControlsChanged, cacheControls);
  const [state, setState] = useState<'idle' | 'clearing' | 'cleared' | 'failed'>('idle');
  const [usage, setUsage] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    void controls?.usage?.().then((b) => live && setUsage(b));
    return () => {
      live = false;
    };
  }, [controls, state]);

  const value = editing ? draft : String(saved);
  const n = Number(value);
  const invalid = value.trim() === '' || !Number.isInteger(n) || n < MIN_MB || n > MAX_MB;
  const commit = () => {
    setEditing(false);
    if (!invalid && n !== saved) void update({ audioCacheMb: n });
  };

  return (
    <fieldset className="card" data-testid="settings-cache">
      <legend>{t('prefs.storage')}</legend>
      <div className="field">
        <label className="field-label" htmlFor="pref-cache-size">
          {t('prefs.cacheSize')}
        </label>
        <div>
          <div className="number-row">
            <input
              id="pref-cache-size"
              type="number"
              inputMode="numeric"
              min={MIN_MB}
              max={MAX_MB}
              step={10}
              value={value}
              aria-invalid={invalid}
              aria-describedby="pref-cache-size-help"
              onFocus={() => {
                setDraft(String(saved));
                setEditing(true);
              }}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={commit}
              onKeyDown={(e) => e.key === 'Enter' && commit()}
            />
            <span className="muted">MB</span>
          </div>
          <p id="pref-cache-size-help" className={`field-help${invalid ? ' error' : ''}`}>
            {invalid ? t('prefs.cacheSizeInvalid', { min: MIN_MB, max: MAX_MB }) : t('prefs.cacheSizeHelp')}
          </p>
        </div>
      </div>
      <div className="field">
        <span className="field-label">{t('prefs.clearCache')}</span>
        <div className="inline-actions">
          <button
            type="button"
            aria-disabled={controls ? undefined : true}
            title={controls ? undefined : t('prefs.clearCacheUnavailable')}
            disabled={state === 'clearing'}
            data-testid="clear-cache"
            onClick={() => {
              if (!controls) return;
              setState('clearing');
              controls.clear().then(
                () => setState('cleared'),
                () => setState('failed'),
              );
            }}
          >
            {t('prefs.clearCacheButton')}
          </button>
          {usage !== null && <span className="muted">{t('prefs.cacheUsage', { mb: (usage / 1024 / 1024).toFixed(1) })}</span>}
          {state === 'cleared' && <span className="ok" role="status">{t('prefs.cacheCleared')}</span>}
          {state === 'failed' && <span className="error" role="alert">{t('prefs.cacheClearFailed')}</span>}
          {!controls && <span className="muted">{t('prefs.clearCacheUnavailable')}</span>}
        </div>
      </div>
    </fieldset>
  );
}
