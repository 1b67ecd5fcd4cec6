import type { Migration } from './types';

/** Requests sent to `:free` models, so the client-side throttle survives a restart. */
export const migration0002: Migration = {
  version: 2,
  name: 'free_model_throttle',
  up(db) {
    db.exec(`
      CREATE TABLE free_model_requests (
        id INTEGER PRIMARY KEY,
        model TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX free_model_requests_at ON free_model_requests (at);
    `);
  },
};
