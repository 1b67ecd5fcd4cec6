import type { CatalogModel } from './catalog';

/**
 * The picker's filter: every word of the query must appear in the id, the name, or
 * the model's `extra` words (its provider and its abilities, in the UI language),
 * case-insensitive. Pure and allocation-light: it runs on every keystroke
 * (bench `catalog`: 400 models well under 4 ms).
 */
export function searchModels(models: readonly CatalogModel[], query: string, limit = Infinity, extra?: (m: CatalogModel) => string): CatalogModel[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: CatalogModel[] = [];
  for (const m of models) {
    if (out.length >= limit) break;
    if (words.length === 0) {
      out.push(m);
      continue;
    }
    const id = m.id.toLowerCase();
    const name = m.name.toLowerCase();
    let more: string | undefined;
    if (
      words.every((w) => {
        if (id.includes(w) || name.includes(w)) return true;
        if (!extra) return false;
        more ??= extra(m).toLowerCase();
        return more.includes(w);
      })
    )
      out.push(m);
  }
  return out;
}
