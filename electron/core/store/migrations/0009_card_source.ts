import type { Migration } from './types';

/**
 * Where a review card was starred: a book paragraph (ids and the titles as they
 * were). The titles are copied so the source still reads right after the book
 * is deleted; the ids are plain numbers for the same reason (no foreign key).
 */
export const migration0009: Migration = {
  version: 9,
  name: 'card source',
  up(db) {
    db.exec(`
      ALTER TABLE review_cards ADD COLUMN source_book_id INTEGER;
      ALTER TABLE review_cards ADD COLUMN source_chapter_id INTEGER;
      ALTER TABLE review_cards ADD COLUMN source_paragraph_id INTEGER;
      ALTER TABLE review_cards ADD COLUMN source_book_title TEXT;
      ALTER TABLE review_cards ADD COLUMN source_chapter_title TEXT;
    `);
  },
};
