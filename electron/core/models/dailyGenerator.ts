import type { Config } from '../config/config';
import type { DailyGenerator } from '../daily/dailyService';
import { dailyMessages, DAILY_SCHEMA } from '../prompts/daily';
import type { SettingsService } from '../settings/settingsService';
import { taskModelChoice, type catalogResolver } from './modelChoice';
import { completePlan } from './modelPlan';
import { withStructuredFallback } from './structuredFallback';
import type { Upstreams } from './upstreams';

export interface DailyGeneratorDeps {
  settings: Pick<SettingsService, 'get'>;
  models: ReturnType<typeof catalogResolver>;
  upstreams: Upstreams;
  config: Pick<Config, 'upstreamTimeoutMs'>;
}

/** A structured call for the sentence of the day with the configured provider and model. */
export function dailyGenerator(core: DailyGeneratorDeps, bearer: string | undefined): DailyGenerator {
  return async (date, problem, signal) => {
    // The analysis model, chosen as the reader chooses it.
    const { provider, model } = taskModelChoice(core.settings.get(), core.models, 'analysis');
    const plan = withStructuredFallback(
      { provider, model, task: 'daily', messages: dailyMessages(date, problem), stream: false, responseFormat: DAILY_SCHEMA, temperature: 0.9 },
      core.models,
    );
    // Its usage reaches the log through the upstream hook (the app's own key only: a caller's bearer is not the learner's spend).
    const { text } = await completePlan(core.upstreams, plan, { bearer, signal, timeoutMs: core.config.upstreamTimeoutMs });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { invalid: text };
    }
  };
}
