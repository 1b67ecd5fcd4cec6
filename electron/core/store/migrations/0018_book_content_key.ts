import type { Migration } from './types';

/**
 * A key of each book's content on its row (the hash of its paragraphs' hashes, as
 * BookStore.texts computes it), so whole-book work (coverage) can tell whether what it derived
 * is current from one row instead of reading and hashing the whole text. Books imported before
 * get theirs on first use (BookStore.head).
 */
export const migration0018: Migration = {
  version: 18,
  name: 'book content key',
  up(db) {
    db.exec('ALTER TABLE books ADD COLUMN content_key TEXT');
  },
};
