import { useTranslation } from 'react-i18next';
import { useReader } from '../../stores/readerStore';
import { AudioErrorNotice } from '../audio/AudioErrorNotice';
import { AnalysisStatus } from './AnalysisStatus';
import { PosLegend } from './PosLegend';
import { ReadingToolbar } from './ReadingToolbar';
import { ReadingView } from './ReadingView';

/** The analysed text with its controls, status, legend and hints. */
export function ReadingCard() {
  const { t } = useTranslation();
  const hasDoc = useReader((s) => s.doc !== null);
  const hint = useReader((s) => s.hint);
  if (!hasDoc) return null;
  return (
    <section className="card reading-card" aria-labelledby="reading-heading" data-testid="reading-card">
      <h2 id="reading-heading" className="visually-hidden">
        {t('analysis.heading')}
      </h2>
      <ReadingToolbar />
      {/* Right under the buttons that read aloud: the error belongs to them. */}
      <AudioErrorNotice whats={['all', 'selection']} />
      <AnalysisStatus />
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
