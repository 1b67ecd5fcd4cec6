import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupInfo, CacheKind, CacheStats, PickedBackup } from '../../../../shared/contract/library';
import { bridge } from '../../bridge';
import { formatBytes, formatTime } from '../../library/format';
import { useApp } from '../../stores/appStore';
import { errorText } from '../../errors/errorText';

type Message = { kind: 'ok' | 'error'; text: string } | null;

/**
 * Settings → offline data: what each cache holds and clearing one kind, and
 * backups of the whole database with a confirmed restore. Backups are written
 * in the app data folder (in browser mode: on the server); the desktop app can
 * also save one anywhere and restore from any file (OS dialogs, validated, confirmed).
 */
export function OfflineDataSettings() {
  const { t } = useTranslation();
  const [stats, setStats] = useState<CacheStats | null>(null);
  const [backups, setBackups] = useState<BackupInfo[]>([]);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [picked, setPicked] = useState<PickedBackup | null>(null);
  const desktop = useApp((s) => s.info?.mode === 'electron');

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  useEffect(() => {
    let live = true;
    void Promise.all([bridge.call('cache.stats'), bridge.call('library.backups')]).then(([s, b]) => {
      if (!live) return;
      if (s.ok) setStats(s.value);
      if (b.ok) setBackups(b.value);
    });
    return () => {
      live = false;
    };
  }, [version]);

  const fail = (m: string) => setMessage({ kind: 'error', text: t('offlineData.failed', { message: m }) });
  const clear = async (kind: CacheKind) => {
    const r = await bridge.call('cache.clear', kind);
    if (r.ok) setStats(r.value);
    else fail(errorText(t, r.error));
  };
  const backup = async () => {
    setBusy(true);
    const r = await bridge.call('library.backup');
    setBusy(false);
    if (!r.ok) return fail(errorText(t, r.error));
    setMessage({ kind: 'ok', text: t('offlineData.backupDone', { path: r.value.path }) });
    reload();
  };
  const backupToFile = async () => {
    setBusy(true);
    const r = await bridge.call('library.backupToFile');
    setBusy(false);
    if (!r.ok) return fail(errorText(t, r.error));
    if (r.value.saved) setMessage({ kind: 'ok', text: t('offlineData.backupDone', { path: r.value.saved.path }) });
  };
  /** Desktop: choose a file (validated by the core), then the same confirmation as a listed backup. */
  const pickFile = async () => {
    const r = await bridge.call('library.pickBackupFile');
    if (!r.ok) return fail(errorText(t, r.error));
    if (r.value.picked) {
      setPicked(r.value.picked);
      setConfirming(r.value.picked.path);
    }
  };
  /** A picked file carries its one-time token; a listed backup (in the app's folder) needs none. */
  const restore = async (b: BackupInfo | PickedBackup) => {
    setBusy(true);
    const r = await bridge.call('library.restore', { path: b.path, ...('token' in b ? { token: b.token } : {}), confirm: true });
    setBusy(false);
    setConfirming(null);
    setPicked(null);
    if (!r.ok) return fail(errorText(t, r.error));
    setMessage({ kind: 'ok', text: t('offlineData.restoreDone', { documents: r.value.documents, cards: r.value.cards, previous: r.value.previousCopy.name }) });
    reload();
  };

  return (
    <fieldset className="card offline-data" data-testid="settings-offline-data">
      <legend>{t('offlineData.heading')}</legend>
      <p className="muted">{t('offlineData.help')}</p>
      {stats && (
        <table className="cache-table" data-testid="cache-table">
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">{t('offlineData.entries')}</th>
              <th scope="col">{t('offlineData.size')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {stats.kinds.map((k) => (
              <tr key={k.kind} data-testid={`cache-row-${k.kind}`}>
                <th scope="row">{t(`offlineData.kinds.${k.kind}`)}</th>
                <td>{k.entries}</td>
                <td>{formatBytes(k.bytes)}</td>
                <td>
                  <button type="button" className="small" disabled={k.entries === 0} onClick={() => void clear(k.kind)} aria-label={`${t('offlineData.clear')}: ${t(`offlineData.kinds.${k.kind}`)}`}>
                    {t('offlineData.clear')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={4} className="muted">
                {t('offlineData.total', { size: formatBytes(stats.totalBytes) })}
              </td>
            </tr>
          </tfoot>
        </table>
      )}

      <h3 className="offline-subheading">{t('offlineData.backupHeading')}</h3>
      <p className="muted">{t('offlineData.backupHelp')}</p>
      <div className="inline-actions">
        <button type="button" data-testid="backup-now" disabled={busy} onClick={() => void backup()}>
          {t('offlineData.backup')}
        </button>
        {desktop && (
          <>
            <button type="button" data-testid="backup-to-file" disabled={busy} onClick={() => void backupToFile()}>
              {t('offlineData.backupToFile')}
            </button>
            <button type="button" data-testid="restore-from-file" disabled={busy} onClick={() => void pickFile()}>
              {t('offlineData.restoreFromFile')}
            </button>
          </>
        )}
      </div>
      {picked && confirming === picked.path && (
        <p className="backup-confirm" role="group" data-testid="restore-file-confirm">
          <span>{t('offlineData.restoreConfirm', { name: picked.path })}</span>
          <button type="button" className="danger" disabled={busy} onClick={() => void restore(picked)}>
            {t('offlineData.restoreYes')}
          </button>
          <button
            type="button"
            onClick={() => {
              setConfirming(null);
              setPicked(null);
            }}
          >
            {t('offlineData.cancel')}
          </button>
        </p>
      )}
      {backups.length === 0 ? (
        <p className="muted">{t('offlineData.noBackups')}</p>
      ) : (
        <ul className="backup-list" data-testid="backup-list">
          {backups.map((b) => (
            <li key={b.path}>
              <span className="backup-name">{b.name}</span>
              <span className="muted">
                {formatTime(b.createdAt)} · {formatBytes(b.bytes)}
              </span>
              {confirming === b.path ? (
                <span className="backup-confirm" role="group">
                  <span>{t('offlineData.restoreConfirm', { name: b.name })}</span>
                  <button type="button" className="danger" disabled={busy} data-testid="restore-confirm" onClick={() => void restore(b)}>
                    {t('offlineData.restoreYes')}
                  </button>
                  <button type="button" onClick={() => setConfirming(null)}>
                    {t('offlineData.cancel')}
                  </button>
                </span>
              ) : (
                <button type="button" data-testid="restore" disabled={busy} onClick={() => setConfirming(b.path)}>
                  {t('offlineData.restore')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p className={message.kind} role={message.kind === 'ok' ? 'status' : 'alert'} data-testid="offline-data-message">
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
