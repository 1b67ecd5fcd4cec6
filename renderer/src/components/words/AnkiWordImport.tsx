import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUSPENDED_CHOICES, type AnkiImportReport, type SuspendedChoice, type WordImportProgress } from '../../../../shared/contract/words';
import type { AppErrorData } from '../../../../shared/result';
import { bridge } from '../../bridge';
import { useSettings } from '../../stores/settingsStore';
import { ErrorMessage } from '../status/ErrorMessage';
import { ImportConflicts } from './ImportConflicts';
import { NotWordsList } from './NotWordsList';

/** Word statuses from an Anki search through AnkiConnect: the search, the field holding the word, the threshold, suspended cards. */
export function AnkiWordImport({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [fields, setFields] = useState<string[] | null>(null);
  const [cards, setCards] = useState(0);
  const [field, setField] = useState('');
  const [days, setDays] = useState(() => useSettings.getState().settings.reviewKnownAfterDays);
  const [suspended, setSuspended] = useState<SuspendedChoice>('skip');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<WordImportProgress | null>(null);
  const [report, setReport] = useState<AnkiImportReport | null>(null);
  const [error, setError] = useState<AppErrorData | null>(null);

  useEffect(() => bridge.on('words.importProgress', (p) => p.kind === 'anki' && setProgress(p)), []);

  const findFields = async () => {
    setError(null);
    setBusy(true);
    const r = await bridge.call('words.ankiFields', { query });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setFields(r.value.fields);
    setCards(r.value.cards);
    setField((f) => (r.value.fields.includes(f) ? f : (r.value.fields[0] ?? '')));
  };
  const run = async (overwriteMarks = false) => {
    setError(null);
    setReport(null);
    setBusy(true);
    const r = await bridge.call('words.importAnkiDetailed', { query, field, knownAfterDays: days, suspended, overwriteMarks });
    setBusy(false);
    setProgress(null);
    if (!r.ok) return setError(r.error);
    setReport(r.value);
    onDone();
  };
  return (
    <div className="word-import" data-testid="anki-word-import">
      <h3>{t('words.anki.title')}</h3>
      <p className="field-help">{t('words.anki.help')}</p>
      <div className="row">
        <label>
          {t('words.anki.query')}{' '}
          <input value={query} placeholder={t('words.anki.queryPlaceholder')} onChange={(e) => setQuery(e.target.value)} data-testid="anki-query" />
        </label>
        <button type="button" className="small" disabled={busy || query.trim() === ''} onClick={() => void findFields()} data-testid="anki-find-fields">
          {t('words.anki.findFields')}
        </button>
        {fields && <span className="muted">{t('words.anki.cards', { count: cards })}</span>}
      </div>
      {fields && (
        <>
          <div className="row">
            <label>
              {t('words.anki.field')}{' '}
              <select value={field} onChange={(e) => setField(e.target.value)} data-testid="anki-field">
                {fields.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('words.anki.knownAfter')} <input type="number" min={1} max={36500} value={days} onChange={(e) => setDays(Math.max(1, Number(e.target.value) || 1))} style={{ width: '5em' }} />
            </label>
            <label>
              {t('words.anki.suspended')}{' '}
              <select value={suspended} onChange={(e) => setSuspended(e.target.value as SuspendedChoice)}>
                {SUSPENDED_CHOICES.map((c) => (
                  <option key={c} value={c}>
                    {t(`words.anki.suspendedChoice.${c}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" disabled={busy || field === ''} onClick={() => void run()} data-testid="anki-run">
              {t('words.anki.run')}
            </button>
          </div>
        </>
      )}
      {busy && progress && (
        <div className="report" data-testid="anki-progress">
          <progress max={progress.total || 1} value={progress.phase === 'searching' ? undefined : progress.done} />
          <p>{progress.phase === 'searching' ? t('words.anki.searching') : progress.phase === 'saving' ? t('words.anki.saving') : t('words.anki.progress', { done: progress.done, total: progress.total })}</p>
        </div>
      )}
      {error && <ErrorMessage error={error} compact testId="anki-error" />}
      {report && (
        <div className="report" data-testid="anki-report">
          <p>{t('words.anki.done', { known: report.known, learning: report.learning, skipped: report.skipped, notes: report.notes })}</p>
          <NotWordsList items={report.unrecognized} count={report.notWords} heading={t('words.anki.notWords', { count: report.notWords })} testId="anki-not-words" />
          <ImportConflicts conflicts={report.conflicts} onOverwrite={() => void run(true)} />
        </div>
      )}
    </div>
  );
}
