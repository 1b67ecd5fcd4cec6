import '../../styles/models.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useModels } from '../../stores/modelsStore';
import { formatUsd } from '../credits/format';

/** Asks before an analysis whose estimate is above the learner's limit. */
export function CostPrompt() {
  const { t, i18n } = useTranslation();
  const prompt = useModels((s) => s.prompt);
  const go = useRef<HTMLButtonElement>(null);
  // Keyboard users (Ctrl+Enter) land on the answer: Enter analyses, Tab reaches Cancel.
  useEffect(() => go.current?.focus(), [prompt]);
  if (!prompt) return null;
  const usd = (v: number) => formatUsd(v, i18n.language);
  return (
    <div className="cost-prompt credit-alert credit-alert-stale" role="alertdialog" aria-labelledby="cost-prompt-title" data-testid="cost-prompt">
      <p id="cost-prompt-title">
        <strong>{t('models.estimate.title', { cost: usd(prompt.estimate) })}</strong>
      </p>
      <p>{t('models.estimate.body', { chars: prompt.chars, model: prompt.model, limit: usd(prompt.limit) })}</p>
      <div className="toolbar">
        <button ref={go} type="button" className="primary" onClick={() => useModels.getState().confirm()} data-testid="cost-prompt-go">
          {t('models.estimate.go')}
        </button>
        <button type="button" onClick={() => useModels.getState().cancel()} data-testid="cost-prompt-cancel">
          {t('models.estimate.cancel')}
        </button>
      </div>
    </div>
  );
}
