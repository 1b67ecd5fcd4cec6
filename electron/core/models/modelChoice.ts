/**
 * The model rule (shared/catalog.ts `resolveModel`) on live data: a model outside the list of available models is
 * replaced by the provider's default; a default the list no longer has is
 * replaced by the best available one:
 *   1. the same family (the id's vendor before '/', and the name's stem, e.g.
 *      `google/gemini-…`), preferring structured outputs, then the cheapest;
 *   2. else the cheapest model that supports structured outputs;
 *   3. else the cheapest model.
 * `:free` models are only candidates for a `:free` default (they are rate-limited).
 */
import { DEFAULT_MODEL, isFreeModel, modelsForTask, type CatalogModel, type ModelReplacement, type ModelTask, type Provider } from '../../../shared/catalog';
import { AppError } from '../../../shared/result';
import type { Settings } from '../../../shared/settings';
import type { ModelCatalog } from '../catalog/modelCatalog';

/** What the route handlers need to pick a model: both doors (HTTP and contract) use it. */
export interface ModelResolver {
  /** The model a request runs with. */
  resolve(provider: Provider, value: unknown): string;
  /** Whether the model accepts `response_format: json_schema`. */
  structuredOutputs(provider: Provider, model: string): boolean;
}

/** `google/gemini-2.5-flash` → `google/gemini`; `gemini-2.5-pro` → `gemini`. */
export function familyOf(id: string): string {
  const slash = id.indexOf('/');
  const vendor = slash >= 0 ? id.slice(0, slash + 1) : '';
  const stem = /^[a-z]+/i.exec(id.slice(slash + 1))?.[0] ?? '';
  return `${vendor}${stem.toLowerCase()}`;
}

const price = (m: CatalogModel) => m.promptPrice + m.completionPrice;
const byPreference = (a: CatalogModel, b: CatalogModel) => Number(b.structuredOutputs) - Number(a.structuredOutputs) || price(a) - price(b) || a.id.localeCompare(b.id);
const byPrice = (a: CatalogModel, b: CatalogModel) => price(a) - price(b) || a.id.localeCompare(b.id);

/** The best replacement for a model missing from `models` (see the rule above). */
export function bestReplacement(models: readonly CatalogModel[], missing: string): CatalogModel | undefined {
  const pool = models.filter((m) => m.free === isFreeModel(missing));
  const candidates = pool.length > 0 ? pool : [...models];
  const family = familyOf(missing);
  const same = candidates.filter((m) => familyOf(m.id) === family);
  if (same.length > 0) return same.sort(byPreference)[0];
  const structured = candidates.filter((m) => m.structuredOutputs);
  return (structured.length > 0 ? structured : candidates).sort(byPrice)[0];
}

/** The model of a task with these settings: its own choice, else the provider's one model, as the live catalog allows. */
export function taskModelChoice(
  settings: Pick<Settings, 'provider' | 'models' | 'taskModels'>,
  models: Pick<ReturnType<typeof catalogResolver>, 'resolveForTask'>,
  task: ModelTask,
): { provider: Provider; model: string } {
  return { provider: settings.provider, model: models.resolveForTask(settings.provider, settings.taskModels[settings.provider][task] ?? settings.models[settings.provider], task) };
}

/** The resolver over the live catalog. */
export function catalogResolver(catalog: ModelCatalog): ModelResolver & {
  defaultModel(provider: Provider): string;
  /**
   * `resolve`, and a model that cannot do the task (image text without image input) gives way to one that can;
   * when the provider's list has none that can, `bad_request` (`details.reason: 'no_able_model'`): never a model that cannot.
   */
  resolveForTask(provider: Provider, value: unknown, task: ModelTask): string;
  /** The given models (chosen in Settings) and the default, where the catalog lacks them, with what is used instead. */
  replacements(provider: Provider, chosen: readonly string[]): ModelReplacement[];
} {
  // Ollama names a model's default tag either way: `llama3.2` is `llama3.2:latest`.
  const known = (provider: Provider, id: string): string | undefined =>
    catalog.knows(provider, id) ? id : provider === 'local' && !id.includes(':') && catalog.knows(provider, `${id}:latest`) ? `${id}:latest` : undefined;
  const defaultModel = (provider: Provider): string => {
    const d = DEFAULT_MODEL[provider];
    const k = known(provider, d);
    if (k) return k;
    return bestReplacement(catalog.list(provider).models, d)?.id ?? d;
  };
  const resolve = (provider: Provider, value: unknown): string => {
    const k = typeof value === 'string' ? known(provider, value) : undefined;
    if (k) return k;
    // Maybe released since the last fetch: this request runs with the default; a later one may find it.
    if (typeof value === 'string' && value !== '') catalog.noteUnknown(provider);
    return defaultModel(provider);
  };
  return {
    defaultModel,
    resolve,
    resolveForTask(provider, value, task) {
      const id = resolve(provider, value);
      const list = catalog.list(provider).models;
      const able = modelsForTask(list, task);
      if (able.some((m) => m.id === id)) return id;
      // An empty list (a local server not reached yet) says nothing of abilities; a list without one able model says no.
      if (able.length === 0) {
        if (list.length === 0) return id;
        throw new AppError({ code: 'bad_request', message: `No ${provider} model can do this task (${task}).`, status: 400, details: { reason: 'no_able_model', provider, task } });
      }
      const d = defaultModel(provider);
      return able.some((m) => m.id === d) ? d : (bestReplacement(able, id)?.id ?? id);
    },
    structuredOutputs(provider, model) {
      return catalog.get(provider, model)?.structuredOutputs ?? true;
    },
    replacements(provider, chosen) {
      const out: ModelReplacement[] = [];
      // A local server's default is only a guess at what was pulled: only the learner's own choices are reported.
      for (const model of new Set([...(provider === 'local' ? [] : [DEFAULT_MODEL[provider]]), ...chosen])) {
        if (!known(provider, model)) out.push({ model, replacement: defaultModel(provider) });
      }
      return out;
    },
  };
}
