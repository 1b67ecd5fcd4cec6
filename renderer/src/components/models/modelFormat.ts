import type { CatalogModel } from '../../../../shared/catalog';

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
