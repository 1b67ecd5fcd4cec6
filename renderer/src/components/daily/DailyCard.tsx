import { useEffect, useMemo } from 'react';
import { AudioErrorNotice } from '../audio/AudioErrorNotice';
import { useTranslation } from 'react-i18next';
import { placeTokens } from '../../reader/placedToken';
import { useAudio } from '../../stores/audioStore';
import { useDaily } from '../../stores/dailyStore';
import { useReader } from '../../stores/readerStore';
import { useSettings } from '../../stores/settingsStore';
import { useTranslationStore } from '../../stores/translationStore';
import { TokenSentence } from '../reader/TokenLine';
import { PlayIcon, StopIcon } from '../reader/icons';

/** The sentence of the day on the start page, or a built-in one (labelled) when it cannot be had. */
export function DailyCard() {
  const { t } = useTranslation();
  const sentence = useDaily((s) => s.sentence);
  const backup = useDaily((s) => s.backup);
  const status = useDaily((s) => s.status);
  const locale = useSettings((s) => s.settings.uiLocale);
  const mode = useSettings((s) => s.settings.furiganaMode);
  const romaji = useSettings((s) => s.settings.showRomaji);
  const playing = useAudio((s) => s.what === 'daily');

  useEffect(() => {
    if (useDaily.getState().status === 'idle') void useDaily.getState().load();
  }, []);

  const placed = useMemo(() => (sentence ? placeTokens(sentence.tokens, 0, 'model') : []), [sentence]);

  if (!sentence) {
    return (
      <section className="card daily-card loading" aria-labelledby="daily-heading" aria-busy="true" data-testid="daily-card">
        <h2 id="daily-heading" className="card-kicker">
          {t('daily.heading')}
        </h2>
        <div className="skeleton-lines" role="status" aria-label={t('daily.loading')}>
          <span className="tall" />
          <span className="short" />
        </div>
      </section>
    );
  }

  const readIt = () => {
    useReader.getState().openAnalysed(sentence.text, sentence.tokens);
    const doc = useReader.getState().doc;
    if (doc) useTranslationStore.getState().show(doc.id, sentence.translation[locale]);
  };

  return (
    <section className="card daily-card" aria-labelledby="daily-heading" data-testid="daily-card" data-backup={backup} data-status={status}>
      <div className="card-head">
        <h2 id="daily-heading" className="card-kicker">
          {t('daily.heading')}
          {!backup && <span className="daily-date">{sentence.date}</span>}
        </h2>
        {backup && (
          <span className="badge" title={t('daily.backupHelp')} data-testid="daily-backup">
            {t('daily.backup')}
          </span>
        )}
      </div>
      <TokenSentence tokens={placed} mode={mode} romaji={romaji} label={sentence.text} />
      <p className="daily-translation" data-testid="daily-translation">
        {sentence.translation[locale]}
      </p>
      {backup && <p className="hint">{t('daily.backupHelp')}</p>}
      <div className="card-actions">
        <button
          type="button"
          className="with-icon"
          onClick={() => (playing ? useAudio.getState().stop() : useAudio.getState().play(sentence.text, 'daily'))}
          aria-label={playing ? t('audio.stop') : t('daily.play')}
          data-testid="daily-play"
        >
          {playing ? <StopIcon /> : <PlayIcon />}
          {playing ? t('audio.stop') : t('daily.listen')}
        </button>
        <button type="button" className="primary" onClick={readIt} data-testid="daily-read">
          {t('daily.readIt')}
        </button>
      </div>
      <AudioErrorNotice whats={['daily']} />
    </section>
  );
}
