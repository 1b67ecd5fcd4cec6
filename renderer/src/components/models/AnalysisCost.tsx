import '../../styles/models.css';
import { useTranslation } from 'react-i18next';
import { useReader } from '../../stores/readerStore';
import { formatUsd } from '../credits/format';

/** The cost line under a model analysis: USD and tokens from OpenRouter, tokens only from Gemini, free from a local model. */
export function AnalysisCost() {
  const { t, i18n } = useTranslation();
  const usage = useReader((s) => (s.status === 'done' ? s.usage : null));
  if (!usage) return null;
  const tokens = new Intl.NumberFormat(i18n.language).format(usage.promptTokens + usage.completionTokens);
  return (
    <p className="analysis-note analysis-cost" data-testid="analysis-cost">
      {usage.cost === 0 ? t('models.cost.free', { tokens }) : usage.cost !== null ? t('models.cost.line', { cost: formatUsd(usage.cost, i18n.language), tokens }) : t('models.cost.tokensOnly', { tokens })}
    </p>
  );
}
