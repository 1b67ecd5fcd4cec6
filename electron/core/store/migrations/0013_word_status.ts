import type { Migration } from './types';

/**
 * Word knowledge: each word the learner has a status for, by its dictionary form and reading
 * in hiragana, with where the status came from (a mark by hand, a review card, Anki, a word
 * list) and when it changed; and every change to it, for words learnt per day.
 */
export const migration0013: Migration = {
  version: 13,
  name: 'word status',
  up(db) {
    db.exec(`
      CREATE TABLE word_status (
        term TEXT NOT NULL,
        reading TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('new', 'learning', 'known', 'ignored')),
        source TEXT NOT NULL CHECK (source IN ('mark', 'review', 'anki', 'list')),
        changed_at INTEGER NOT NULL,
        PRIMARY KEY (term, reading)
      ) WITHOUT ROWID;
      CREATE INDEX word_status_changed ON word_status (changed_at);
      CREATE TABLE word_status_changes (
        id INTEGER PRIMARY KEY,
        term TEXT NOT NULL,
        reading TEXT NOT NULL,
        status TEXT NOT NULL,
        previous TEXT NOT NULL,
        source TEXT NOT NULL,
        changed_at INTEGER NOT NULL
      );
      CREATE INDEX word_status_changes_at ON word_status_changes (changed_at);
    `);
  },
};
