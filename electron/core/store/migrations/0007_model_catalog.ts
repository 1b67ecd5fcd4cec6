import type { Migration } from './types';

/**
 * The providers' live model lists (one JSON row per provider, read whole at
 * start) and what each model answer cost, per task and per history document.
 */
export const migration0007: Migration = {
  version: 7,
  name: 'model catalog and usage',
  up(db) {
    db.exec(`
      CREATE TABLE model_catalog (
        provider TEXT PRIMARY KEY,
        fetched_at TEXT NOT NULL,
        models TEXT NOT NULL
      );
      CREATE TABLE model_usage (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        day TEXT NOT NULL,
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        task TEXT NOT NULL,
        document_id INTEGER,
        prompt_tokens INTEGER, -- NULL: the answer did not say (see UsageLog.record)
        completion_tokens INTEGER,
        cost REAL
      );
      CREATE INDEX model_usage_day ON model_usage (day, task);
      CREATE INDEX model_usage_document ON model_usage (document_id) WHERE document_id IS NOT NULL;
    `);
  },
};
