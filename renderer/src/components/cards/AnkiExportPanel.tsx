import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUPLICATE_MODES, NOTE_FIELDS, type AnkiNotesSummary, type AnkiNoteType, type DuplicateMode, type NoteField, type NoteTarget } from '../../../../shared/contract/cards';
import type { AppErrorData } from '../../../../shared/result';
import { bridge } from '../../bridge';
import { errorText } from '../../errors/errorText';

type Scope = 'new' | 'selected' | 'all';
const APP = '';

/**
 * Rich Anki notes with no setup: the app's own note type by default, or the learner's with a
 * field for each of ours; what to do with a word already in the deck; which cards. A progress
 * bar while it runs, then a summary naming every card that did not go.
 */
export function AnkiExportPanel({ selected }: { selected: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const [deck, setDeck] = useState('Yomimono');
  const [types, setTypes] = useState<AnkiNoteType[] | null>(null);
  const [model, setModel] = useState(APP);
  const [map, setMap] = useState<Partial<Record<NoteField, string>>>({});
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [scope, setScope] = useState<Scope>('new');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<AnkiNotesSummary | null>(null);
  const [error, setError] = useState<AppErrorData | null>(null);

  useEffect(() => bridge.on('cards.ankiProgress', (p) => setProgress(p)), []);

  const loadTypes = async () => {
    setError(null);
    const r = await bridge.call('anki.noteTypes');
    if (!r.ok) return setError(r.error);
    setTypes(r.value);
  };
  const fieldsOf = types?.find((x) => x.name === model)?.fields ?? [];
  const target: NoteTarget = model === APP ? { kind: 'app' } : { kind: 'mapped', model, fields: map };

  const run = async () => {
    setBusy(true);
    setSummary(null);
    setError(null);
    setProgress(null);
    const r = await bridge.call('anki.export', {
      deck: deck.trim() || 'Yomimono',
      target,
      duplicates,
      scope: scope === 'selected' ? { kind: 'selected', cardIds: [...selected] } : { kind: scope },
    });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setSummary(r.value);
  };

  return (
    <fieldset className="card anki-export" data-testid="anki-rich-export">
      <legend>{t('cards.anki.export')}</legend>
      <div className="field">
        <label className="field-label" htmlFor="anki-rich-deck">
          {t('exportCards.deck')}
        </label>
        <input id="anki-rich-deck" type="text" value={deck} maxLength={200} onChange={(e) => setDeck(e.target.value)} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="anki-note-type">
          {t('cards.anki.noteType')}
        </label>
        <div className="inline-actions">
          <select id="anki-note-type" value={model} onChange={(e) => setModel(e.target.value)} data-testid="anki-note-type">
            <option value={APP}>{t('cards.anki.appNoteType')}</option>
            {types?.map((x) => (
              <option key={x.name} value={x.name}>
                {x.name}
              </option>
            ))}
          </select>
          <button type="button" className="small" onClick={() => void loadTypes()} data-testid="anki-load-types">
            {t('cards.anki.loadTypes')}
          </button>
        </div>
      </div>
      {model !== APP && (
        <div className="anki-map" data-testid="anki-map">
          {NOTE_FIELDS.map((f) => (
            <label key={f} className="field">
              <span className="field-label">{t('cards.anki.mapTo', { field: f })}</span>
              <select value={map[f] ?? ''} onChange={(e) => setMap({ ...map, [f]: e.target.value || undefined })} data-testid={`anki-map-${f}`}>
                <option value="">{t('cards.anki.none')}</option>
                {fieldsOf.map((x) => (
                  <option key={x} value={x}>
                    {x}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor="anki-duplicates">
          {t('cards.anki.duplicates')}
        </label>
        <select id="anki-duplicates" value={duplicates} onChange={(e) => setDuplicates(e.target.value as DuplicateMode)} data-testid="anki-duplicates">
          {DUPLICATE_MODES.map((d) => (
            <option key={d} value={d}>
              {t(`cards.anki.duplicateModes.${d}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field">
        <legend className="field-label">{t('cards.anki.scope')}</legend>
        {(['new', 'selected', 'all'] as const).map((s) => (
          <label key={s} className="radio">
            <input type="radio" name="anki-scope" value={s} checked={scope === s} disabled={s === 'selected' && selected.size === 0} onChange={() => setScope(s)} />{' '}
            {t(`cards.anki.scopes.${s}`, { count: selected.size })}
          </label>
        ))}
      </fieldset>
      <p className="muted">{t('exportCards.ankiHelp')}</p>
      <button type="button" onClick={() => void run()} disabled={busy} data-testid="anki-rich-export-run">
        {t('cards.anki.export')}
      </button>
      {busy && progress && (
        <p data-testid="anki-progress">
          <progress max={progress.total} value={progress.done} /> {t('cards.anki.progress', progress)}
        </p>
      )}
      {error && (
        <p className="error" role="alert" data-testid="anki-rich-error">
          {error.code === 'anki_unavailable' ? t('exportCards.ankiUnavailable') : t('exportCards.failed', { message: errorText(t, error) })}
        </p>
      )}
      {summary && (
        // Every card went in, some without audio: not an error, but not plain success either.
        <div className={summary.failed.length || summary.missingAudio ? 'warn' : 'ok'} role="status" data-testid="anki-summary" data-kind={summary.failed.length || summary.missingAudio ? 'warn' : 'ok'}>
          <p>{t('cards.anki.summary', { added: summary.added, updated: summary.updated, skipped: summary.skipped })}</p>
          {summary.missingAudio > 0 && <p data-testid="anki-missing-audio">{t('dictionary.exportMissingAudio', { count: summary.missingAudio })}</p>}
          {summary.failed.length > 0 && (
            <>
              <p>{t('cards.anki.failures')}</p>
              <ul data-testid="anki-failures">
                {summary.failed.map((f) => (
                  <li key={f.cardId} lang="ja">
                    {f.word}: <span lang="en">{f.message}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
