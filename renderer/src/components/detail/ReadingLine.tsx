import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReadings } from '../../stores/readingsStore';

const KANA_ONLY = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+$/u;

/**
 * The word's reading in the word panel, with a way to correct it by hand: the corrected reading
 * is kept for the word as written and shown wherever it appears. Enter saves, Esc cancels.
 * Keyed by the word where it is used: another word starts with the editor closed.
 */
export function ReadingLine({ word, reading, corrected, note }: { word: string; reading: string; corrected: boolean; note?: ReactNode }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(reading);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const open = () => {
    setDraft(reading);
    setError(null);
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    setError(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const save = async () => {
    const value = draft.trim();
    if (!KANA_ONLY.test(value)) {
      setError(t('readings.notKana'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    const failed = await useReadings.getState().correct(word, value);
    setBusy(false);
    if (failed) setError(t('readings.failed'));
    else close();
  };
  const reset = async () => {
    setBusy(true);
    const failed = await useReadings.getState().reset(word);
    setBusy(false);
    if (failed) setError(t('readings.failed'));
    else close();
  };

  if (editing) {
    return (
      <form
        className="detail-reading reading-editor"
        data-testid="reading-editor"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="muted" htmlFor="reading-input">
          {t('detail.reading')}
        </label>{' '}
        <input
          id="reading-input"
          ref={input}
          lang="ja"
          value={draft}
          aria-label={t('readings.label', { word })}
          aria-invalid={error ? true : undefined}
          aria-describedby="reading-help"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            // Esc leaves the editor, not the panel.
            e.preventDefault();
            close();
          }}
          data-testid="reading-input"
        />
        <button type="submit" className="small" disabled={busy} data-testid="reading-save">
          {t('readings.save')}
        </button>
        <button type="button" className="small" onClick={close} disabled={busy}>
          {t('readings.cancel')}
        </button>
        {corrected && (
          <button type="button" className="small" onClick={() => void reset()} disabled={busy} data-testid="reading-reset">
            {t('readings.reset')}
          </button>
        )}
        <span id="reading-help" className={error ? 'reading-error' : 'muted reading-help'} role={error ? 'alert' : undefined}>
          {error ?? t('readings.help', { word })}
        </span>
      </form>
    );
  }
  return (
    <p className="detail-reading">
      <span className="muted">{t('detail.reading')}</span>{' '}
      <span lang="ja" data-testid="detail-reading-value">
        {reading}
      </span>
      {corrected && (
        <span className="reading-yours" data-testid="reading-yours">
          {t('readings.yours')}
        </span>
      )}
      {note}
      <button
        ref={editButton}
        type="button"
        className="icon-button small reading-edit"
        onClick={open}
        aria-label={t('readings.editTitle', { word })}
        title={t('readings.editTitle', { word })}
        data-testid="reading-edit"
      >
        ✎
      </button>
    </p>
  );
}
