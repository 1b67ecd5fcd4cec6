import type Database from 'better-sqlite3';
import type { CatalogModel, Provider } from '../../../shared/catalog';

export interface StoredCatalog {
  fetchedAt: string;
  models: CatalogModel[];
}

/**
 * The stored rows were validated when fetched; this only guards against a
 * hand-edited or foreign file. Written out rather than a zod schema: it runs at
 * every start, where compiling a schema would cost more than the read (bench `catalog`).
 */
function isCatalogModel(v: unknown): v is CatalogModel {
  const m = v as Record<string, unknown> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.id === 'string' &&
    typeof m.name === 'string' &&
    typeof m.contextLength === 'number' &&
    typeof m.promptPrice === 'number' &&
    typeof m.completionPrice === 'number' &&
    typeof m.free === 'boolean' &&
    Array.isArray(m.inputModalities) &&
    m.inputModalities.every((x) => typeof x === 'string') &&
    typeof m.structuredOutputs === 'boolean'
  );
}

/** The last good catalog of each provider, one row each, replaced whole. */
export class CatalogStore {
  constructor(private readonly db: Database.Database) {}

  read(provider: Provider): StoredCatalog | undefined {
    const row = this.db.prepare('SELECT fetched_at, models FROM model_catalog WHERE provider = ?').get(provider) as
      | { fetched_at: string; models: string }
      | undefined;
    if (!row) return undefined;
    try {
      const models = JSON.parse(row.models) as unknown;
      return Array.isArray(models) && models.every(isCatalogModel) ? { fetchedAt: row.fetched_at, models } : undefined;
    } catch {
      return undefined;
    }
  }

  write(provider: Provider, catalog: StoredCatalog): void {
    this.db
      .prepare('INSERT INTO model_catalog (provider, fetched_at, models) VALUES (?, ?, ?) ON CONFLICT (provider) DO UPDATE SET fetched_at = excluded.fetched_at, models = excluded.models')
      .run(provider, catalog.fetchedAt, JSON.stringify(catalog.models));
  }
}
