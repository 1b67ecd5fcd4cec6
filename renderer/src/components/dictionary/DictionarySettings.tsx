import './dictionary.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictionaryInfo, DictionaryProgress } from '../../../../shared/contract/dictionary';
import { formatBytes } from '../../library/format';
import { useApp } from '../../stores/appStore';
import { ErrorMessage } from '../status/ErrorMessage';
import { useDictionary } from './dictionaryStore';
import { bridge } from '../../bridge';

export const EDRDG_LICENCE_URL = 'https://www.edrdg.org/edrdg/licence.html';
const KANJIUM_URL = 'https://github.com/mifunetoshiro/kanjium';
const JLPT_URL = 'https://github.com/stephenmk/yomitan-jlpt-vocab';

function ProgressLine({ p }: { p: DictionaryProgress }) {
  const { t } = useTranslation();
  const sizes = { file: p.file, done: formatBytes(p.done), ...(p.total ? { total: formatBytes(p.total) } : {}) };
  const label =
    p.phase === 'import'
      ? t('dictionary.settings.importing', { file: p.file, percent: p.total ? Math.floor((100 * p.done) / p.total) : 0 })
      : p.phase === 'upload'
        ? t(p.total ? 'dictionary.settings.uploading' : 'dictionary.settings.uploadingNoTotal', sizes)
        : t(p.total ? 'dictionary.settings.downloading' : 'dictionary.settings.downloadingNoTotal', sizes);
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

/** One dictionary of the list: title, revision, counts, licence text; on/off, up/down, remove. */
function DictionaryRow({ d, first, last, busy }: { d: DictionaryInfo; first: boolean; last: boolean; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const store = useDictionary.getState();
  const n = (x: number) => x.toLocaleString(i18n.language);
  const counts = [d.terms ? t('dictionary.list.terms', { n: n(d.terms) }) : '', d.meta ? t('dictionary.list.meta', { n: n(d.meta) }) : '', d.kanji ? t('dictionary.list.kanji', { n: n(d.kanji) }) : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <li className={`dict-list-item${d.enabled ? '' : ' off'}`} data-testid="dict-list-item" data-id={d.id} data-enabled={d.enabled}>
      <input type="checkbox" checked={d.enabled} disabled={busy} aria-label={t('dictionary.list.enabled', { title: d.title })} onChange={(e) => void store.setEnabled(d.id, e.target.checked)} data-testid="dict-list-enabled" />
      <div>
        <span className="dict-list-title">{d.title}</span> <span className="dict-list-meta">{d.revision}</span>
        <div className="dict-list-meta">
          {t(`dictionary.list.kind.${d.kind}`)}
          {counts && ` · ${counts}`}
        </div>
      </div>
      <div className="dict-list-buttons">
        <button type="button" disabled={busy || first} onClick={() => void store.move(d.id, -1)} aria-label={t('dictionary.list.up', { title: d.title })} data-testid="dict-list-up">
          ↑
        </button>
        <button type="button" disabled={busy || last} onClick={() => void store.move(d.id, 1)} aria-label={t('dictionary.list.down', { title: d.title })} data-testid="dict-list-down">
          ↓
        </button>
        <button type="button" disabled={busy} onClick={() => window.confirm(t('dictionary.list.confirmRemove', { title: d.title })) && void store.remove(d.id)} data-testid="dict-list-remove">
          {t('dictionary.list.remove')}
        </button>
      </div>
      {d.attribution && d.kind === 'yomitan' && (
        <p className="dict-list-attribution" data-testid="dict-list-attribution">
          {d.attribution}
        </p>
      )}
    </li>
  );
}

/** Settings → Offline dictionary: status, download from EDRDG, import of a file, the hover key. */
export function DictionarySettings() {
  const { t, i18n } = useTranslation();
  const { status, progress, busy, error, done, list } = useDictionary();
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
          <button
            type="button"
            onClick={() => (bridge.kind === 'ipc' ? void useDictionary.getState().importFromDisk() : fileRef.current?.click())}
            disabled={busy}
            data-testid="dict-import"
          >
            {t('dictionary.settings.importFile')}
          </button>
          <input
            ref={fileRef}
            type="file"
            hidden
            data-testid="dict-file"
            accept=".xml,.gz,.txt,.zip,application/gzip,text/xml,application/zip"
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
      {list && list.length > 0 && (
        <>
          <p className="dict-label">{t('dictionary.list.heading')}</p>
          <ol className="dict-list" data-testid="dict-list">
            {list.map((d, i) => (
              <DictionaryRow key={d.id} d={d} first={i === 0} last={i === list.length - 1} busy={busy} />
            ))}
          </ol>
        </>
      )}
      {busy && progress && <ProgressLine p={progress} />}
      {busy && (
        <button type="button" className="link-button small" onClick={() => void useDictionary.getState().cancel()} data-testid="dict-cancel">
          {t('dictionary.settings.cancel')}
        </button>
      )}
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
          {done.title ? t('dictionary.settings.doneYomitan', { title: done.title }) : t('dictionary.settings.done', { entries: number(done.entries), kanji: number(done.kanji) })}
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
      <p className="dict-licence muted" data-testid="kanjium-licence">
        {t('dictionary.about.kanjium')}{' '}
        <a href={KANJIUM_URL} target="_blank" rel="noreferrer">
          Kanjium
        </a>
      </p>
      <p className="dict-licence muted" data-testid="jlpt-licence">
        {t('dictionary.about.jlpt')}{' '}
        <a href={JLPT_URL} target="_blank" rel="noreferrer">
          yomitan-jlpt-vocab
        </a>
      </p>
    </fieldset>
  );
}
