import type { ModelTask, Provider } from '../../../shared/catalog';
import type { ExplanationLocale, Locale } from '../../../shared/locales';
import type { UsageRecord } from '../../../shared/usage';
import { AppError, toErrorData, type AppErrorData } from '../../../shared/result';
import type { Config } from '../config/config';
import { taskModelChoice, type catalogResolver } from '../models/modelChoice';
import type { ModelPlan } from '../models/modelPlan';
import type { ModelSelection, TaskEnv } from '../models/modelTasks';
import { streamPlanText } from '../models/streamPlanText';
import type { Upstreams } from '../models/upstreams';
import { answerCost } from '../models/usageLog';
import type { SettingsService } from '../settings/settingsService';

/** One reader call: its cancellation and the UI language it came with (if any). */
export interface ReaderCall {
  signal: AbortSignal;
  meta: { locale?: ExplanationLocale };
}

export interface ModelRunnerDeps {
  settings: Pick<SettingsService, 'get'>;
  models: ReturnType<typeof catalogResolver>;
  upstreams: Upstreams;
  config: Pick<Config, 'upstreamTimeoutMs'>;
}

export const isCancel = (e: unknown) => e instanceof AppError && e.data.code === 'cancelled';

/** A typed model task (modelTasks.ts): its input with the chosen model, and the call's language. */
export type PlanOf<I> = (input: I & ModelSelection, env: TaskEnv) => ModelPlan;

/**
 * What one reader call runs with, read from the settings once: the task's model and
 * the answer's language. The cache key and the request both take it, so a model
 * picked in Settings while the call streams cannot file one model's answer under another's key.
 */
export interface ReaderChoice {
  model: { provider: Provider; model: string };
  locale: ExplanationLocale;
}

export interface StreamOptions {
  /** The history document the answer's usage belongs to. */
  documentId?: number;
  onUsage?: (u: UsageRecord) => void;
}

/** How the reader asks the model: which model a task uses, in which language, and the streamed answer's text. */
export function createModelRunner(deps: ModelRunnerDeps) {
  /** The answer's language: the call's own, else the settings'. */
  const localeOf = (meta: ReaderCall['meta'], settings: ReturnType<SettingsService['get']>): ExplanationLocale => meta.locale ?? settings.explanationLocale;
  const locale = (call: ReaderCall): ExplanationLocale => localeOf(call.meta, deps.settings.get());
  /** A text's translation goes to the explanation language, or to the UI language when explanations are in Japanese. */
  const translationLocale = (explanation: ExplanationLocale): Locale => (explanation === 'ja' ? deps.settings.get().uiLocale : explanation);
  /** A call's choice: the task's own model, else the provider's one model, as the live catalog allows (modelChoice), and its language. */
  const resolve = (task: ModelTask, meta: ReaderCall['meta']): ReaderChoice => {
    const settings = deps.settings.get();
    return { model: taskModelChoice(settings, deps.models, task), locale: localeOf(meta, settings) };
  };

  /** Streams a task's answer with the call's resolved model and language; the upstream hook records its usage (per task and document). */
  async function* stream<I>(choice: ReaderChoice, plan: PlanOf<I>, input: I, call: ReaderCall, opts: StreamOptions = {}): AsyncGenerator<string, string, void> {
    const built = plan({ ...choice.model, ...input }, { locale: choice.locale, models: deps.models });
    const { documentId, onUsage } = opts;
    return yield* streamPlanText(
      deps.upstreams,
      built,
      { signal: call.signal, timeoutMs: deps.config.upstreamTimeoutMs, ...(documentId !== undefined ? { documentId } : {}) },
      (usage, p) => {
        if (usage) onUsage?.({ promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0, cost: answerCost(p.provider, usage) });
      },
    );
  }

  /** Resolves the model key up front, so "no key" is an answer rather than a failure. */
  const unavailable = async (choice: ReaderChoice): Promise<AppErrorData | undefined> => {
    try {
      // Only the provider's key matters, not which of its models the task picked.
      await deps.upstreams.key(choice.model.provider, undefined);
      return undefined;
    } catch (e) {
      return toErrorData(e);
    }
  };

  return { locale, translationLocale, resolve, stream, unavailable };
}

export type ModelRunner = ReturnType<typeof createModelRunner>;
