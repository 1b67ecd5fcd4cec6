import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { CatalogModel, Provider } from '../../../shared/catalog';

export interface StoredCatalog {
  fetchedAt: string;
  models: CatalogModel[];
}

// The stored rows were validated when fetched; this only guards against a hand-edited or foreign file.
const storedSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    contextLength: z.number(),
    promptPrice: z.number(),
    completionPrice: z.number(),
    free: z.boolean(),
    inputModalities: z.array(z.string()),
    structuredOutputs: z.boolean(),
  }),
);

/** The last good catalog of each provider, one row each, replaced whole. */
export class CatalogStore {
  constructor(private readonly db: Database.Database) {}

  read(provider: Provider): StoredCatalog | undefined {
    const row = this.db.prepare('SELECT fetched_at, models FROM model_catalog WHERE provider = ?').get(provider) as
      | { fetched_at: string; models: string }
      | undefined;
    if (!row) return undefined;
    try {
      const models = storedSchema.safeParse(JSON.parse(row.models));
      return models.success ? { fetchedAt: row.fetched_at, models: models.data } : undefined;
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
