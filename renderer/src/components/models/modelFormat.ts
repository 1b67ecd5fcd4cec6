import type { CatalogModel, CatalogSource, Provider } from '../../../../shared/catalog';

/** What the picker may say of a model's price and abilities. */
export interface ModelFactsView {
  /** `unknown`: a built-in entry (its prices are from when the app was written); `billed`: the provider's list gives no prices (Gemini's). */
  price: 'unknown' | 'billed' | 'local' | { prompt: number; completion: number };
  /** Undefined: not known (built-in entry); the badges are not shown. */
  abilities?: { image: boolean; structured: boolean };
  /** `:free` ids are free by the gateway's naming, whatever the list says. */
  free: boolean;
}

/**
 * Only a fetched list (live or stored) is today's truth: a built-in entry's price
 * and abilities are shown as unknown, never as $0 or free (they are still used for
 * the estimate and the image-text filter, as the best guess there is).
 */
export function modelFactsView(model: CatalogModel, source: CatalogSource, provider: Provider): ModelFactsView {
  if (source === 'builtin') return { price: 'unknown', free: model.free };
  // On the learner's own machine: free, whatever it is.
  if (provider === 'local') return { price: 'local', abilities: { image: model.inputModalities.includes('image'), structured: model.structuredOutputs }, free: true };
  // The gateway's list prices every model (0 is a price: no charge); Gemini's list has no prices, only zeros.
  const priced = provider === 'openrouter' || model.promptPrice > 0 || model.completionPrice > 0 || model.free;
  return {
    price: priced ? { prompt: model.promptPrice, completion: model.completionPrice } : 'billed',
    abilities: { image: model.inputModalities.includes('image'), structured: model.structuredOutputs },
    free: model.free,
  };
}

/** A price per million tokens: cents kept, tiny prices with their significant digits. */
export function formatPrice(perMillion: number, locale: string): string {
  const digits = perMillion !== 0 && perMillion < 0.1 ? 3 : 2;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: digits }).format(perMillion);
}

/** 1048576 → "1M", 131072 → "131K". */
export function formatContext(tokens: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(tokens);
}

/** Structured tasks list structured-output models first; otherwise the catalog's order. */
export function orderForTask(models: readonly CatalogModel[], structuredFirst: boolean): CatalogModel[] {
  if (!structuredFirst) return [...models];
  return [...models].sort((a, b) => Number(b.structuredOutputs) - Number(a.structuredOutputs));
}
