import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COVERAGE_TEXT_MAX } from '../../../../shared/contract/coverage';
import type { CardSource } from '../../../../shared/contract/review';
import { useCoverage } from '../../stores/coverageStore';
import { CoveragePanel } from './CoveragePanel';
import { coverageError, percentText } from './coverageText';

/** At the top of a text: one line with the share known, the whole panel a click away. */
export function TextCoverage({ text, source }: { text: string; source?: CardSource | undefined }) {
  const { t } = useTranslation();
  const entry = useCoverage((s) => (s.text?.text === text ? s.text : undefined));
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (text.trim() && text.length <= COVERAGE_TEXT_MAX) void useCoverage.getState().loadText(text);
  }, [text]);
  if (!text.trim() || text.length > COVERAGE_TEXT_MAX) return null;
  const c = entry?.coverage;
  return (
    <div className="text-coverage" data-testid="text-coverage">
      <div className="text-coverage-line">
        {c ? (
          <span data-testid="text-coverage-summary">
            {t('coverage.known', { percent: percentText(c.percent) })} · {t('coverage.counts', { known: c.known, tokens: c.tokens, unique: c.uniqueUnknown })}
          </span>
        ) : entry?.status === 'error' && entry.error ? (
          <span className="muted">{coverageError(t, entry.error)}</span>
        ) : (
          <span className="muted">{t('coverage.computing')}</span>
        )}
        {c ? (
          <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="text-coverage-toggle">
            {open ? t('coverage.hide') : t('coverage.show')}
          </button>
        ) : (
          // Holds the button's place while the figure is computed: the text below does not move when it comes.
          <span className="link-button text-coverage-placeholder" aria-hidden="true">
            {t('coverage.show')}
          </span>
        )}
      </div>
      {open && <CoveragePanel entry={entry} source={source} />}
    </div>
  );
}
