import type { Migration } from './types';

/**
 * Readings the learner corrected by hand: for a word as written (毛), the reading to show
 * wherever it appears (け), over the analyzer's, the dictionary's and a model's.
 */
export const migration0010: Migration = {
  version: 10,
  name: 'reading corrections',
  up(db) {
    db.exec(`
      CREATE TABLE reading_corrections (
        word TEXT PRIMARY KEY,
        reading TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
