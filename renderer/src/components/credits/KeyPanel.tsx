import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_RESET_VALUES, type CapReset, type KeyUpdate } from '../../../../shared/credits';
import { useCredits } from '../../stores/creditsStore';
import { useSecrets } from '../../stores/secretsStore';
import { checkCap, checkName, checkReset, editErrorText } from './keyPanelInput';
import { KEY_PANEL_ID } from './openKeyPanel';

interface KeyValues {
  hash: string;
  name: string;
  disabled: boolean;
  limit: number | null;
  limitReset: CapReset | null;
  includeByok: boolean;
}

type Outcome = { kind: 'saved' } | { kind: 'error'; text: string } | { kind: 'saving' } | null;

/** The app key's current values: the last edit's record when it is newer than the last good poll. */
function useKeyValues(): KeyValues | null {
  const state = useCredits((s) => s.state);
  const last = useCredits((s) => s.lastRecord);
  if (!state || !state.keyHash) return null;
  const info = state.info;
  const rec = last && last.record.hash === state.keyHash && (state.status !== 'fresh' || state.fetchedAt === null || last.at > state.fetchedAt) ? last.record : null;
  if (rec) {
    return { hash: rec.hash, name: rec.name || rec.label, disabled: rec.disabled, limit: rec.limit, limitReset: rec.limit_reset, includeByok: rec.include_byok_in_limit };
  }
  if (!info) return null;
  return {
    hash: state.keyHash,
    name: info.name ?? info.label,
    disabled: info.disabled || state.keyState === 'disabled',
    limit: info.limit,
    limitReset: info.limitReset,
    includeByok: info.includeByokInLimit,
  };
}

/** Runs one edit: shows saving, then saved or the error (the server's text as is). */
function useEdit() {
  const { t } = useTranslation();
  const updateKey = useCredits((s) => s.updateKey);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (hash: string, patch: KeyUpdate): Promise<boolean> => {
    setOutcome({ kind: 'saving' });
    const r = await updateKey(hash, patch);
    if (r.ok) setOutcome({ kind: 'saved' });
    else {
      const text = editErrorText(t, r.error);
      setOutcome({ kind: 'error', text: r.error.status !== undefined && r.error.code !== 'missing_key' ? t('keyPanel.errors.server', { message: text }) : t('keyPanel.errors.failed', { message: text }) });
    }
    return r.ok;
  };
  return { outcome, setOutcome, run };
}

function OutcomeLine({ outcome, testId }: { outcome: Outcome; testId: string }) {
  const { t } = useTranslation();
  if (!outcome) return <span className="kp-outcome" data-testid={testId} />;
  if (outcome.kind === 'error') {
    return (
      <span className="kp-outcome error" role="alert" data-testid={testId}>
        {outcome.text}
      </span>
    );
  }
  return (
    <span className={`kp-outcome ${outcome.kind === 'saved' ? 'ok' : 'muted'}`} role="status" data-testid={testId}>
      {outcome.kind === 'saved' ? t('keyPanel.saved') : t('keyPanel.saving')}
    </span>
  );
}

/**
 * Key management (the gateway's PATCH /keys/{hash}) for the key the app uses, shown
 * once a management key is saved: rename, enable/disable (with a confirmation
 * before disabling), cap and its reset, BYOK counting.
 */
export function KeyPanel() {
  const { t } = useTranslation();
  const canManageCore = useCredits((s) => s.state?.canManage ?? false);
  const canManageSaved = useSecrets((s) => s.status?.keys.openrouterManagement.set ?? false);
  const hasKey = useCredits((s) => (s.state ? s.state.status !== 'no_key' : false));
  const values = useKeyValues();
  if (!canManageCore && !canManageSaved) return null;

  return (
    <fieldset className="card key-panel" id={KEY_PANEL_ID} tabIndex={-1} data-testid="key-panel" aria-describedby={`${KEY_PANEL_ID}-help`}>
      <legend>{t('keyPanel.heading')}</legend>
      <p className="muted" id={`${KEY_PANEL_ID}-help`}>
        {t('keyPanel.help')}
      </p>
      {!hasKey ? (
        <p className="muted">{t('keyPanel.noKey')}</p>
      ) : !values ? (
        <p className="muted">{t('credits.loading')}</p>
      ) : (
        <>
          <div className="kp-row">
            <span className="field-label">{t('keyPanel.hash')}</span>
            <code className="kp-hash" title={values.hash} data-testid="kp-hash">
              {values.hash.length > 16 ? `${values.hash.slice(0, 8)}…${values.hash.slice(-6)}` : values.hash}
            </code>
          </div>
          <NameForm values={values} />
          <EnabledSwitch values={values} />
          <CapForm values={values} />
          <ByokSwitch values={values} />
        </>
      )}
    </fieldset>
  );
}

function NameForm({ values }: { values: KeyValues }) {
  const { t } = useTranslation();
  const [name, setName] = useState(values.name);
  // When the key's name changes underneath (a save, a poll), the field follows it.
  const [source, setSource] = useState(values.name);
  if (source !== values.name) {
    setSource(values.name);
    setName(values.name);
  }
  const [invalid, setInvalid] = useState<string | null>(null);
  const { outcome, run } = useEdit();
  const errorId = useId();
  return (
    <form
      className="kp-row"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const c = checkName(name);
        if (!c.ok) return setInvalid(c.error);
        setInvalid(null);
        void run(values.hash, { name: c.value });
      }}
    >
      <label className="field-label" htmlFor="kp-name">
        {t('keyPanel.name')}
      </label>
      <div className="kp-controls">
        <input
          id="kp-name"
          type="text"
          value={name}
          maxLength={400}
          aria-invalid={invalid !== null}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" disabled={outcome?.kind === 'saving'}>
          {t('keyPanel.rename')}
        </button>
        {invalid ? (
          <span className="kp-outcome error" id={errorId} role="alert" data-testid="kp-name-outcome">
            {t(invalid)}
          </span>
        ) : (
          <OutcomeLine outcome={outcome} testId="kp-name-outcome" />
        )}
      </div>
    </form>
  );
}

function EnabledSwitch({ values }: { values: KeyValues }) {
  const { t } = useTranslation();
  const { outcome, run } = useEdit();
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const switchRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const cancel = () => {
    setConfirming(false);
    switchRef.current?.focus();
  };

  return (
    <div className="kp-row">
      <span className="field-label">{t('keyPanel.status')}</span>
      <div className="kp-controls">
        <label className="kp-switch">
          <input
            ref={switchRef}
            type="checkbox"
            role="switch"
            checked={!values.disabled}
            disabled={outcome?.kind === 'saving'}
            onChange={(e) => {
              // Disabling the key the app itself runs on stops every model feature: ask first.
              if (!e.target.checked) setConfirming(true);
              else void run(values.hash, { disabled: false });
            }}
          />
          <span>{t('keyPanel.enabled')}</span>
        </label>
        <OutcomeLine outcome={outcome} testId="kp-enabled-outcome" />
        {confirming && (
          <div
            className="kp-confirm"
            role="alertdialog"
            aria-labelledby={titleId}
            aria-describedby={bodyId}
            data-testid="kp-confirm-disable"
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                cancel();
              }
            }}
          >
            <strong id={titleId}>{t('keyPanel.confirmDisableTitle')}</strong>
            <p id={bodyId}>{t('keyPanel.confirmDisableBody')}</p>
            <div className="kp-controls">
              <button
                type="button"
                className="kp-danger"
                onClick={() => {
                  setConfirming(false);
                  void run(values.hash, { disabled: true }).then(() => switchRef.current?.focus());
                }}
              >
                {t('keyPanel.confirmDisable')}
              </button>
              <button type="button" ref={cancelRef} onClick={cancel}>
                {t('keyPanel.cancel')}
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function CapForm({ values }: { values: KeyValues }) {
  const { t } = useTranslation();
  const [noCap, setNoCap] = useState(values.limit === null);
  const [cap, setCap] = useState(values.limit === null ? '' : String(values.limit));
  const [reset, setReset] = useState<string>(values.limitReset ?? 'never');
  const sourceKey = `${values.limit}:${values.limitReset}`;
  const [source, setSource] = useState(sourceKey);
  if (source !== sourceKey) {
    setSource(sourceKey);
    setNoCap(values.limit === null);
    setCap(values.limit === null ? '' : String(values.limit));
    setReset(values.limitReset ?? 'never');
  }
  const [invalid, setInvalid] = useState<{ field: 'cap' | 'reset' | 'form'; key: string } | null>(null);
  const { outcome, run } = useEdit();
  const errorId = useId();
  return (
    <form
      className="kp-row"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const c = checkCap(cap, noCap);
        if (!c.ok) return setInvalid({ field: 'cap', key: c.error });
        const r = checkReset(reset);
        if (!r.ok) return setInvalid({ field: 'reset', key: r.error });
        const patch: KeyUpdate = {};
        if (c.value !== values.limit) patch.limit = c.value;
        if (r.value !== values.limitReset) patch.limit_reset = r.value;
        if (Object.keys(patch).length === 0) return setInvalid({ field: 'form', key: 'keyPanel.errors.nothingChanged' });
        setInvalid(null);
        void run(values.hash, patch);
      }}
    >
      <label className="field-label" htmlFor="kp-cap">
        {t('keyPanel.capLabel')}
      </label>
      <div className="kp-controls">
        <input
          id="kp-cap"
          type="text"
          inputMode="decimal"
          className="kp-cap"
          value={cap}
          disabled={noCap}
          placeholder="0.00"
          aria-invalid={invalid?.field === 'cap'}
          aria-describedby={invalid?.field === 'cap' ? errorId : undefined}
          onChange={(e) => setCap(e.target.value)}
        />
        <label className="kp-check">
          <input
            type="checkbox"
            checked={noCap}
            onChange={(e) => {
              setNoCap(e.target.checked);
              setInvalid(null);
            }}
          />
          <span>{t('keyPanel.noCap')}</span>
        </label>
        <label className="visually-hidden" htmlFor="kp-reset">
          {t('keyPanel.resetLabel')}
        </label>
        <select
          id="kp-reset"
          value={reset}
          title={t('keyPanel.resetLabel')}
          aria-invalid={invalid?.field === 'reset'}
          aria-describedby={invalid?.field === 'reset' ? errorId : undefined}
          onChange={(e) => setReset(e.target.value)}
        >
          {(['never', ...LIMIT_RESET_VALUES] as const).map((r) => (
            <option key={r} value={r}>
              {t('keyPanel.resetLabel')}: {t(`credits.resetNames.${r}`)}
            </option>
          ))}
        </select>
        <button type="submit" disabled={outcome?.kind === 'saving'}>
          {t('keyPanel.saveCap')}
        </button>
        {invalid ? (
          <span className="kp-outcome error" id={errorId} role="alert" data-testid="kp-cap-outcome">
            {t(invalid.key)}
          </span>
        ) : (
          <OutcomeLine outcome={outcome} testId="kp-cap-outcome" />
        )}
      </div>
    </form>
  );
}

function ByokSwitch({ values }: { values: KeyValues }) {
  const { t } = useTranslation();
  const { outcome, run } = useEdit();
  return (
    <div className="kp-row">
      <span className="field-label">{t('credits.byok')}</span>
      <div className="kp-controls">
        <label className="kp-switch">
          <input
            type="checkbox"
            role="switch"
            checked={values.includeByok}
            disabled={outcome?.kind === 'saving'}
            onChange={(e) => void run(values.hash, { include_byok_in_limit: e.target.checked })}
          />
          <span>{t('keyPanel.byok')}</span>
        </label>
        <OutcomeLine outcome={outcome} testId="kp-byok-outcome" />
      </div>
    </div>
  );
}
