import type { Migration } from './types';

/**
 * The learner's choices over the dictionaries (JMdict, KANJIDIC, imported Yomitan ones): which
 * are on and in what order they are looked up. The dictionaries themselves are files of their own.
 */
export const migration0012: Migration = {
  version: 12,
  name: 'dictionary order',
  up(db) {
    db.exec(`
      CREATE TABLE dictionary_order (
        id TEXT PRIMARY KEY,
        enabled INTEGER NOT NULL,
        position INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
