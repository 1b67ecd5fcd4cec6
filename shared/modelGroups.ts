/** The picker's order before any typing: the recommended models of a task first, then every model by the company that makes it. */
import type { CatalogModel, ModelTask, Provider } from './catalog';

/**
 * Tried on Japanese text: good structured answers (analysis, explanations), reliable image reading, a
 * pleasant tutor. Only those the provider's current list has are shown; a local server has no fixed names,
 * so its recommendation is the model in use (and, for image text, the ones that read images).
 */
export const RECOMMENDED: Record<Exclude<Provider, 'local'>, Record<ModelTask, readonly string[]>> = {
  openrouter: {
    analysis: ['google/gemini-2.5-flash', 'openai/gpt-4.1-mini', 'google/gemini-2.5-pro'],
    translation: ['google/gemini-2.5-flash', 'openai/gpt-4o-mini', 'anthropic/claude-sonnet-4'],
    imageText: ['google/gemini-2.5-flash', 'openai/gpt-4o-mini', 'google/gemini-2.5-pro'],
    chat: ['anthropic/claude-sonnet-4', 'google/gemini-2.5-flash', 'deepseek/deepseek-chat-v3-0324:free'],
  },
  gemini: {
    analysis: ['gemini-2.5-flash', 'gemini-2.5-pro'],
    translation: ['gemini-2.5-flash', 'gemini-2.5-flash-lite'],
    imageText: ['gemini-2.5-flash', 'gemini-2.5-pro'],
    chat: ['gemini-2.5-flash', 'gemini-2.5-pro'],
  },
};

/** The recommended models of a task that `offered` (the task's able models) has, in recommendation order. */
export function recommendedModels(provider: Provider, task: ModelTask, offered: readonly CatalogModel[], inUse: string | null | undefined): CatalogModel[] {
  const ids = provider === 'local' ? [inUse, ...offered.filter((m) => task === 'imageText' && m.inputModalities.includes('image')).map((m) => m.id)] : RECOMMENDED[provider][task];
  const out: CatalogModel[] = [];
  for (const id of ids) {
    const m = offered.find((x) => x.id === id);
    if (m && !out.includes(m)) out.push(m);
  }
  return out.slice(0, 3);
}

/**
 * Who makes a model: OpenRouter's `vendor/…` id with the name's "Vendor: …" prefix as its label; every
 * Gemini model is Google's; a local model's family is its name before the tag (`llama3.2:latest` → `llama3.2`).
 */
export function vendorOf(provider: Provider, m: CatalogModel): { key: string; label: string } {
  if (provider === 'gemini') return { key: 'google', label: 'Google' };
  if (provider === 'local') {
    const family = m.id.replace(/:.*$/, '').replace(/^.*\//, '');
    return { key: family, label: family };
  }
  const slash = m.id.indexOf('/');
  const key = slash > 0 ? m.id.slice(0, slash) : m.id;
  const colon = m.name.indexOf(': ');
  return { key, label: colon > 0 ? m.name.slice(0, colon) : key };
}

export interface ModelGroup {
  key: string;
  label: string;
  models: CatalogModel[];
}

/** Every model under its maker, makers in alphabetical order, each group in the given (task) order. */
export function groupByVendor(provider: Provider, models: readonly CatalogModel[]): ModelGroup[] {
  const groups = new Map<string, ModelGroup>();
  for (const m of models) {
    const v = vendorOf(provider, m);
    let g = groups.get(v.key);
    if (!g) groups.set(v.key, (g = { key: v.key, label: v.label, models: [] }));
    // A model named "Vendor: …" gives the group its label, whichever of its models comes first.
    else if (g.label === g.key && v.label !== v.key) g.label = v.label;
    g.models.push(m);
  }
  for (const g of groups.values()) if (g.label === g.key && provider === 'openrouter') g.label = g.key.charAt(0).toUpperCase() + g.key.slice(1);
  return [...groups.values()].sort((a, b) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }));
}
