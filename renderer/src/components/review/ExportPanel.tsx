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

type Message = { kind: 'ok' | 'warn' | 'error'; text: string } | null;

/** Sentences of one message: Chinese runs them on after its full stop; English and Korean put a space. */
const joinSentences = (language: string, parts: string[]) => parts.filter(Boolean).join(language.startsWith('zh') ? '' : ' ');

/** CSV download and Anki (AnkiConnect) export of every card. */
export function ExportPanel() {
  const { t, i18n } = useTranslation();
  const [deck, setDeck] = useState('Yomimono');
  const [busy, setBusy] = useState<'csv' | 'anki' | null>(null);
  const [message, setMessage] = useState<Message>(null);

  const csv = async () => {
    setBusy('csv');
    const r = await bridge.call('export.csv', {});
    setBusy(null);
    if (!r.ok) return setMessage({ kind: 'error', text: t('exportCards.failed', { message: errorText(t, r.error) }) });
    download(r.value.filename, r.value.content, 'text/csv;charset=utf-8');
    setMessage({ kind: 'ok', text: t('exportCards.csvDone', { count: r.value.rows }) });
  };

  const anki = async () => {
    setBusy('anki');
    setMessage(null);
    const r = await bridge.call('export.anki', { deck: deck.trim() || 'Yomimono' });
    setBusy(null);
    if (!r.ok) {
      const text = r.error.code === 'anki_unavailable' ? t('exportCards.ankiUnavailable') : t('exportCards.failed', { message: errorText(t, r.error) });
      return setMessage({ kind: 'error', text });
    }
    const v = r.value;
    const done = t('exportCards.ankiDone', { added: v.added, duplicates: v.duplicates, withAudio: v.withAudio });
    const noAudio = v.missingAudio ? t('dictionary.exportMissingAudio', { count: v.missingAudio }) : '';
    const failed = v.failed.length ? t('exportCards.ankiSomeFailed', { count: v.failed.length, message: v.failed[0]!.message }) : '';
    const leftOut = v.fieldsLeftOut?.length ? t('books.ankiFieldsLeftOut', { fields: v.fieldsLeftOut.join(', ') }) : '';
    // Every card went in, some without audio or a field: not an error, but not plain success either.
    const kind = v.failed.length ? 'error' : v.missingAudio || leftOut ? 'warn' : 'ok';
    setMessage({ kind, text: joinSentences(i18n.language, [done, noAudio, failed, leftOut]) });
  };

  return (
    <fieldset className="card review-export" data-testid="review-export">
      <legend>{t('exportCards.heading')}</legend>
      <div className="inline-actions">
        <button type="button" data-testid="export-csv" disabled={busy !== null} onClick={() => void csv()}>
          {t('exportCards.csv')}
        </button>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="anki-deck">
          {t('exportCards.deck')}
        </label>
        <div className="inline-actions">
          <input id="anki-deck" type="text" value={deck} maxLength={200} onChange={(e) => setDeck(e.target.value)} />
          <button type="button" data-testid="export-anki" disabled={busy !== null} onClick={() => void anki()}>
            {busy === 'anki' ? t('exportCards.working') : t('exportCards.anki')}
          </button>
        </div>
      </div>
      <p className="muted">{t('exportCards.ankiHelp')}</p>
      {message && (
        <p className={message.kind} role={message.kind === 'error' ? 'alert' : 'status'} data-testid="export-message" data-kind={message.kind}>
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
