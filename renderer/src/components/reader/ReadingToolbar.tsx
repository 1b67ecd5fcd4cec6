import { useTranslation } from 'react-i18next';
import { FURIGANA_MODES } from '../../../../shared/settings';
import { phraseText } from '../../reader/selection';
import { useAudio } from '../../stores/audioStore';
import { useReader } from '../../stores/readerStore';
import { useSettings } from '../../stores/settingsStore';
import { PlayIcon, StopIcon } from './icons';

/** Display choices (saved as settings) and reading aloud of the whole text or the selection. */
export function ReadingToolbar() {
  const { t } = useTranslation();
  const mode = useSettings((s) => s.settings.furiganaMode);
  const romaji = useSettings((s) => s.settings.showRomaji);
  const update = useSettings((s) => s.update);
  const hasPhrase = useReader((s) => s.selection?.kind === 'phrase');
  const audioWhat = useAudio((s) => s.what);
  const audioStatus = useAudio((s) => s.status);

  const playAll = () => {
    const doc = useReader.getState().doc;
    if (doc) useAudio.getState().play(doc.text, 'all');
  };
  const playSelection = () => {
    const s = useReader.getState();
    if (s.selection?.kind === 'phrase') useAudio.getState().play(phraseText(s.tokens, s.selection.first, s.selection.last), 'selection');
  };
  const busy = (what: 'all' | 'selection') => audioWhat === what && audioStatus !== 'idle';

  return (
    <div className="reading-toolbar">
      <div className="segmented" role="radiogroup" aria-label={t('furigana.label')}>
        {FURIGANA_MODES.map((m) => (
          <button key={m} type="button" role="radio" aria-checked={mode === m} data-testid={`furigana-${m}`} onClick={() => void update({ furiganaMode: m })}>
            {t(`furigana.modes.${m}`)}
          </button>
        ))}
      </div>
      <button type="button" className="toggle" aria-pressed={romaji} data-testid="romaji-toggle" onClick={() => void update({ showRomaji: !romaji })}>
        {t('furigana.romaji')}
      </button>
      <span className="toolbar-spacer" />
      {hasPhrase && (
        <button
          type="button"
          className="with-icon"
          data-testid="play-selection"
          onClick={() => (busy('selection') ? useAudio.getState().stop() : playSelection())}
          aria-label={busy('selection') ? t('audio.stop') : t('audio.playSelection')}
        >
          {busy('selection') ? <StopIcon /> : <PlayIcon />}
          {t('audio.selection')}
        </button>
      )}
      <button
        type="button"
        className="with-icon"
        data-testid="play-all"
        onClick={() => (busy('all') ? useAudio.getState().stop() : playAll())}
        aria-label={busy('all') ? t('audio.stop') : t('audio.playAll')}
        title={busy('all') ? t('audio.stop') : t('audio.playAll')}
      >
        {busy('all') ? audioStatus === 'loading' ? <span className="spinner small" aria-hidden="true" /> : <StopIcon /> : <PlayIcon />}
        {busy('all') ? t('audio.stop') : t('audio.all')}
      </button>
    </div>
  );
}
