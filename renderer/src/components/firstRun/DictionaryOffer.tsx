import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../dictionary/dictionaryStore';
import { ErrorMessage } from '../status/ErrorMessage';

/**
 * The welcome's one-click offer of the offline dictionary (JMdict, KANJIDIC), made only while
 * none is installed; the welcome itself shows once, so the offer does too. A failure shows here,
 * beside its button.
 */
export function DictionaryOffer() {
  const { t, i18n } = useTranslation();
  const { status, busy, error, done } = useDictionary();
  useEffect(() => {
    if (!useDictionary.getState().status) void useDictionary.getState().loadStatus();
  }, []);
  const number = (n: number) => n.toLocaleString(i18n.language);
  if (done) {
    return (
      <p className="welcome-dictionary ok" role="status" data-testid="welcome-dictionary-done">
        {t('welcome.dictionaryDone', { entries: number(done.entries), kanji: number(done.kanji) })}
      </p>
    );
  }
  if (!status || status.entries + status.kanji > 0) return null;
  return (
    <div className="welcome-dictionary" data-testid="welcome-dictionary">
      <p>{t('welcome.dictionary')}</p>
      <button type="button" className="small" disabled={busy} onClick={() => void useDictionary.getState().download()} data-testid="welcome-dictionary-download">
        {busy ? t('welcome.dictionaryBusy') : t('welcome.dictionaryDownload')}
      </button>
      {error && <ErrorMessage error={error} compact testId="welcome-dictionary-error" onRetry={() => void useDictionary.getState().download()} />}
    </div>
  );
}
