import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListImportReport } from '../../../../shared/contract/words';
import type { AppErrorData } from '../../../../shared/result';
import { bridge } from '../../bridge';
import { ErrorMessage } from '../status/ErrorMessage';
import { ImportConflicts } from './ImportConflicts';
import { NotWordsList } from './NotWordsList';

/** A word list pasted or opened, imported as known or learning; lines that are no word are listed. */
export function WordListImport({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<'known' | 'learning'>('known');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ListImportReport | null>(null);
  const [error, setError] = useState<AppErrorData | null>(null);
  const run = async (overwriteMarks = false) => {
    setBusy(true);
    setError(null);
    const r = await bridge.call('words.importListDetailed', { text, status, overwriteMarks });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setReport(r.value);
    onDone();
  };
  const open = async (file: File | undefined) => {
    if (file) setText(await file.text());
  };
  return (
    <div className="word-import" data-testid="word-list-import">
      <h3>{t('words.importList.title')}</h3>
      <p className="field-help">{t('words.importList.help')}</p>
      <textarea lang="ja" value={text} placeholder={t('words.importList.placeholder')} onChange={(e) => setText(e.target.value)} aria-label={t('words.importList.title')} data-testid="word-list-text" />
      <div className="row">
        <label>
          {t('words.importList.open')} <input type="file" accept=".txt,.tsv,.csv,text/plain" onChange={(e) => void open(e.target.files?.[0])} />
        </label>
        <label>
          {t('words.importList.as')}{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value as 'known' | 'learning')} data-testid="word-list-status">
            <option value="known">{t('words.status.known')}</option>
            <option value="learning">{t('words.status.learning')}</option>
          </select>
        </label>
        <button type="button" disabled={busy || text.trim() === ''} onClick={() => void run()} data-testid="word-list-run">
          {t('words.importList.run')}
        </button>
      </div>
      {error && <ErrorMessage error={error} compact testId="word-list-error" />}
      {report && (
        <div className="report" data-testid="word-list-report">
          <p>{t('words.importList.done', { added: report.added, unchanged: report.unchanged })}</p>
          <NotWordsList
            items={report.unrecognized}
            count={report.unrecognized.length}
            heading={t('words.importList.unrecognized', { count: report.unrecognized.length })}
            testId="word-list-unrecognized"
          />
          <ImportConflicts conflicts={report.conflicts} onOverwrite={() => void run(true)} />
        </div>
      )}
    </div>
  );
}
