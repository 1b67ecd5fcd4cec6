import type { CatalogModel, ModelTask } from './catalog';

/** Tokens and cost (USD; null when no answer carried one, e.g. Gemini) of some model answers. */
export interface UsageRecord {
  promptTokens: number;
  completionTokens: number;
  cost: number | null;
}

/** What spend is counted under: the tasks, and the sentence of the day (made with the analysis model). */
export type SpendTask = ModelTask | 'daily';

export interface TaskSpend extends UsageRecord {
  task: SpendTask;
  requests: number;
}

export interface TodaySpend {
  /** UTC date, like the gateway's daily windows. */
  day: string;
  tasks: TaskSpend[];
}

export const DEFAULT_COST_LIMIT_USD = 0.05;

/**
 * A rough price of analysing `chars` characters of Japanese before asking: about
 * one token per character in, and the analysis JSON out at about eight tokens a
 * character (each token's surface, reading, part of speech…). Errs high on purpose.
 */
export function estimateAnalysisCost(chars: number, model: Pick<CatalogModel, 'promptPrice' | 'completionPrice'>): number {
  const promptTokens = chars * 1.1 + 600;
  const completionTokens = chars * 8;
  return (promptTokens * model.promptPrice + completionTokens * model.completionPrice) / 1e6;
}
