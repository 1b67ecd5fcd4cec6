import { useTranslation } from 'react-i18next';
import { useAudio } from '../../stores/audioStore';
import { useReader } from '../../stores/readerStore';
import { ErrorMessage } from '../status/ErrorMessage';
import { AnalysisStatus } from './AnalysisStatus';
import { PosLegend } from './PosLegend';
import { ReadingToolbar } from './ReadingToolbar';
import { ReadingView } from './ReadingView';

/** The analysed text with its controls, status, legend and hints. */
export function ReadingCard() {
  const { t } = useTranslation();
  const hasDoc = useReader((s) => s.doc !== null);
  const hint = useReader((s) => s.hint);
  const audioError = useAudio((s) => s.error);
  if (!hasDoc) return null;
  return (
    <section className="card reading-card" aria-labelledby="reading-heading" data-testid="reading-card">
      <h2 id="reading-heading" className="visually-hidden">
        {t('analysis.heading')}
      </h2>
      <ReadingToolbar />
      <AnalysisStatus />
      {audioError && (
        <div className="inline-error">
          {audioError.code === 'playback' ? (
            <p className="error" role="alert">
              {t('audio.failed', { message: audioError.message })}
            </p>
          ) : (
            <ErrorMessage error={audioError} compact testId="audio-error" />
          )}
        </div>
      )}
      <ReadingView />
      <div className="reading-foot">
        <PosLegend />
        <p id="reading-help" className="hint" aria-live="polite" data-testid="selection-hint">
          {hint ? t(`selection.${hint}`) : t('selection.help')}
        </p>
      </div>
    </section>
  );
}
