import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge } from '../../bridge';
import { errorText } from '../../errors/errorText';

/** Saves text as a file through the browser's download (works in browser mode and in Electron). */
function download(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

type Message = { kind: 'ok' | 'error'; text: string } | null;

/** CSV download of every card (Anki notes: the card browser's AnkiExportPanel, the one path to Anki). */
export function ExportPanel() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const csv = async () => {
    setBusy(true);
    const r = await bridge.call('export.csv', {});
    setBusy(false);
    if (!r.ok) return setMessage({ kind: 'error', text: t('exportCards.failed', { message: errorText(t, r.error) }) });
    download(r.value.filename, r.value.content, 'text/csv;charset=utf-8');
    setMessage({ kind: 'ok', text: t('exportCards.csvDone', { count: r.value.rows }) });
  };

  return (
    <fieldset className="card review-export" data-testid="review-export">
      <legend>{t('exportCards.heading')}</legend>
      <div className="inline-actions">
        <button type="button" data-testid="export-csv" disabled={busy} onClick={() => void csv()}>
          {t('exportCards.csv')}
        </button>
      </div>
      {message && (
        <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'} data-testid="export-message" data-kind={message.kind}>
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
