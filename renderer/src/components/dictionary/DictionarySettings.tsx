import './dictionary.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictionaryProgress } from '../../../../shared/contract/dictionary';
import { formatBytes } from '../../library/format';
import { useApp } from '../../stores/appStore';
import { ErrorMessage } from '../status/ErrorMessage';
import { useDictionary } from './dictionaryStore';

export const EDRDG_LICENCE_URL = 'https://www.edrdg.org/edrdg/licence.html';

function ProgressLine({ p }: { p: DictionaryProgress }) {
  const { t } = useTranslation();
  const label =
    p.phase === 'import'
      ? t('dictionary.settings.importing', { file: p.file, percent: p.total ? Math.floor((100 * p.done) / p.total) : 0 })
      : p.total
        ? t('dictionary.settings.downloading', { file: p.file, done: formatBytes(p.done), total: formatBytes(p.total) })
        : t('dictionary.settings.downloadingNoTotal', { file: p.file, done: formatBytes(p.done) });
  return (
    <div data-testid="dict-progress" data-phase={p.phase}>
      <p className="muted">{label}</p>
      <progress className="dict-progress" aria-label={t('dictionary.settings.progressLabel')} max={p.total ?? undefined} value={p.total ? p.done : undefined} />
    </div>
  );
}

/** The EDRDG attribution its licence asks for (CC BY-SA 4.0), with a link to the licence. */
export function EdrdgAttribution() {
  const { t } = useTranslation();
  return (
    <p className="dict-licence muted" data-testid="edrdg-licence">
      {t('dictionary.licence.text')}{' '}
      <a href={EDRDG_LICENCE_URL} target="_blank" rel="noreferrer">
        {t('dictionary.licence.link')}
      </a>
    </p>
  );
}

/** Settings → Offline dictionary: status, download from EDRDG, import of a file, the hover key. */
export function DictionarySettings() {
  const { t, i18n } = useTranslation();
  const { status, progress, busy, error, done } = useDictionary();
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void useDictionary.getState().loadStatus();
  }, []);

  const number = (n: number) => n.toLocaleString(i18n.language);
  // A file of another version (or a damaged one) answers nothing until it is imported again.
  const needsImport = status?.state === 'outdated' || status?.state === 'unreadable';
  const statusLine = () => {
    if (needsImport) return t(status.state === 'outdated' ? 'dictionary.settings.outdated' : 'dictionary.settings.unreadable');
    if (!status || status.entries + status.kanji === 0) return t('dictionary.settings.empty');
    const imported = status.importedAt ? ` · ${t('dictionary.settings.statusImported', { date: new Date(status.importedAt).toLocaleDateString(i18n.language) })}` : '';
    return t('dictionary.settings.status', { edition: status.edition ?? '—', entries: number(status.entries), kanji: number(status.kanji) }) + imported;
  };
  return (
    <fieldset className="card" data-testid="settings-dictionary">
      <legend>{t('dictionary.settings.legend')}</legend>
      <p className="muted">{t('dictionary.settings.help')}</p>
      <p data-testid="dict-status" data-state={status?.state} className={needsImport ? 'error' : undefined}>
        {statusLine()}
      </p>
      <div className="dict-actions">
        <div className="dict-buttons">
          <button type="button" onClick={() => void useDictionary.getState().download()} disabled={busy} data-testid="dict-download">
            {t('dictionary.settings.download')}
          </button>
          <button type="button" onClick={() => fileRef.current?.click()} disabled={busy} data-testid="dict-import">
            {t('dictionary.settings.importFile')}
          </button>
          <input
            ref={fileRef}
            type="file"
            hidden
            data-testid="dict-file"
            accept=".xml,.gz,.txt,application/gzip,text/xml"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void useDictionary.getState().importFile(f);
            }}
          />
        </div>
        <p className="field-help dict-help">
          {t('dictionary.settings.downloadHelp')} {t('dictionary.settings.importFileHelp')}
        </p>
      </div>
      {busy && progress && <ProgressLine p={progress} />}
      {error &&
        (typeof error.details?.problem === 'string' ? (
          // The importer names the problem: said in the UI language, with the file's details as they are.
          <div className="dict-error" role="alert" data-testid="dict-error">
            <p>{t(`dictionary.errors.${error.details.problem}`)}</p>
            <p className="muted" lang="en">
              {error.message}
            </p>
          </div>
        ) : (
          <ErrorMessage error={error} compact testId="dict-error" />
        ))}
      {done && !busy && (
        <p className="hint" role="status" data-testid="dict-done">
          {t('dictionary.settings.done', { entries: number(done.entries), kanji: number(done.kanji) })}
        </p>
      )}
      <EdrdgAttribution />
    </fieldset>
  );
}

/** Settings → About: the app's version and the data licences it must show. */
export function AboutBox() {
  const { t } = useTranslation();
  const version = useApp((s) => s.info?.version ?? null);
  return (
    <fieldset className="card" data-testid="about-box">
      <legend>{t('dictionary.about.legend')}</legend>
      {version && <p>{t('dictionary.about.version', { version })}</p>}
      <EdrdgAttribution />
    </fieldset>
  );
}
