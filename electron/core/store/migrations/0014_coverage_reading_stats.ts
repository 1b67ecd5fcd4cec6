import type { Migration } from './types';

/**
 * Coverage and reading statistics. `book_coverage` keeps each book's coverage index (its
 * counted words, their counts and its sentences; electron/core/coverage) under a key of the
 * book's content and of what keys words (the dictionary, the learner's readings), so a book is
 * tokenized once, not at every start. `reading_days` sums, per local day and book, the
 * characters the reading position moved forward and the time spent reading.
 */
export const migration0014: Migration = {
  version: 14,
  name: 'coverage cache and reading statistics',
  up(db) {
    db.exec(`
      CREATE TABLE book_coverage (
        book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
        content_key TEXT NOT NULL,
        data TEXT NOT NULL,
        built_at INTEGER NOT NULL
      );
      CREATE TABLE reading_days (
        day TEXT NOT NULL,
        book_id INTEGER NOT NULL,
        chars INTEGER NOT NULL DEFAULT 0,
        ms INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (day, book_id)
      );
      CREATE TABLE reading_last (
        book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
        at INTEGER NOT NULL,
        position INTEGER NOT NULL
      );
    `);
  },
};
