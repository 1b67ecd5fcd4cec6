import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../errors/errorText';
import { useChapterAnalysis } from '../../stores/chapterAnalysisStore';
import { formatUsd } from '../credits/format';

/** The button of the book reader's bar. */
export function ChapterAnalysisButton() {
  const { t } = useTranslation();
  const running = useChapterAnalysis((s) => s.run?.status === 'running');
  return (
    <button type="button" onClick={() => void useChapterAnalysis.getState().prepare()} disabled={running} data-testid="book-analyse-chapter">
      {t('books.reader.analyseChapter')}
    </button>
  );
}

/** The question before (paragraphs, model, estimated cost against the limit), then the progress, stoppable. Memoized: no props, its own store. */
export const ChapterAnalysisPanel = memo(function ChapterAnalysisPanel() {
  const { t, i18n } = useTranslation();
  const { plan, run } = useChapterAnalysis();
  const usd = (v: number) => formatUsd(v, i18n.language);
  if (plan && plan.paragraphs.length === 0) {
    return (
      <div className="book-chapter-run" role="status" data-testid="chapter-run-plan">
        <p>{t('books.chapterRun.allCached', { count: plan.cached, chapter: plan.chapterTitle })}</p>
        <div className="toolbar">
          <button type="button" onClick={() => useChapterAnalysis.getState().cancel()}>
            {t('books.chapterRun.close')}
          </button>
        </div>
      </div>
    );
  }
  if (plan) {
    return (
      <div className="book-chapter-run" role="alertdialog" aria-labelledby="chapter-run-title" data-testid="chapter-run-plan">
        <p id="chapter-run-title">
          <strong>{t('books.chapterRun.estimate', { count: plan.paragraphs.length, chars: plan.chars, chapter: plan.chapterTitle, model: plan.model })}</strong>
        </p>
        <p data-testid="chapter-run-cost">
          {plan.estimate === null ? t('books.chapterRun.noPrice') : t('books.chapterRun.cost', { cost: usd(plan.estimate) })}
          {plan.estimate !== null && plan.estimate > plan.limit && <> {t('books.chapterRun.overLimit', { limit: usd(plan.limit) })}</>}
        </p>
        {plan.cached > 0 && <p data-testid="chapter-run-cached">{t('books.chapterRun.cached', { count: plan.cached })}</p>}
        <div className="toolbar">
          <button type="button" className="primary" onClick={() => void useChapterAnalysis.getState().start()} data-testid="chapter-run-go">
            {t('books.chapterRun.go')}
          </button>
          <button type="button" onClick={() => useChapterAnalysis.getState().cancel()}>
            {t('books.chapterRun.cancel')}
          </button>
        </div>
      </div>
    );
  }
  if (!run) return null;
  const counts = { done: run.done, total: run.total };
  return (
    <div className="book-chapter-run" role="status" data-testid="chapter-run" data-status={run.status}>
      {run.status === 'running' && (
        <>
          <span>{t('books.chapterRun.running', { done: Math.min(run.total, run.done + 1), total: run.total })}</span>
          <progress max={run.total} value={run.done} />
          <button type="button" onClick={() => useChapterAnalysis.getState().stop()} data-testid="chapter-run-stop">
            {t('books.chapterRun.stop')}
          </button>
        </>
      )}
      {run.status === 'done' && <span>{t('books.chapterRun.done', counts)}</span>}
      {run.status === 'stopped' && <span>{t('books.chapterRun.stopped', counts)}</span>}
      {run.status === 'failed' && <span className="error">{t('books.chapterRun.failed', { ...counts, message: run.error ? errorText(t, run.error) : '' })}</span>}
    </div>
  );
});
