import type { Migration } from './types';

/**
 * Books, for reading like a learner's reader: bookmarks beside the automatic
 * position; the description of characters a source could not encode (gaiji
 * shown as ※); and library search for 1–2 character words through the trigram
 * index, as History does since migration 6 (each paragraph indexed with two
 * U+0003 after it, so every occurrence of a short word begins some trigram that
 * `book_paragraphs_fts_vocab` lists).
 */
export const migration0011: Migration = {
  version: 11,
  name: 'book bookmarks, gaiji and short-word search',
  up(db) {
    db.exec(`
      ALTER TABLE book_paragraphs ADD COLUMN gaiji TEXT;

      CREATE TABLE book_bookmarks (
        id INTEGER PRIMARY KEY,
        book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
        chapter_id INTEGER NOT NULL REFERENCES book_chapters(id) ON DELETE CASCADE,
        paragraph_id INTEGER NOT NULL REFERENCES book_paragraphs(id) ON DELETE CASCADE,
        offset INTEGER NOT NULL,
        name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX book_bookmarks_book ON book_bookmarks (book_id);

      DROP TRIGGER book_paragraphs_fts_insert;
      DROP TRIGGER book_paragraphs_fts_delete;
      DROP TABLE book_paragraphs_fts;
      CREATE VIEW book_paragraphs_fts_content AS SELECT id, text || char(3, 3) AS text FROM book_paragraphs;
      CREATE VIRTUAL TABLE book_paragraphs_fts USING fts5(text, content='book_paragraphs_fts_content', content_rowid='id', tokenize='trigram');
      CREATE VIRTUAL TABLE book_paragraphs_fts_vocab USING fts5vocab(book_paragraphs_fts, row);
      CREATE TRIGGER book_paragraphs_fts_insert AFTER INSERT ON book_paragraphs BEGIN
        INSERT INTO book_paragraphs_fts (rowid, text) VALUES (new.id, new.text || char(3, 3));
      END;
      CREATE TRIGGER book_paragraphs_fts_delete AFTER DELETE ON book_paragraphs BEGIN
        INSERT INTO book_paragraphs_fts (book_paragraphs_fts, rowid, text) VALUES ('delete', old.id, old.text || char(3, 3));
      END;
      INSERT INTO book_paragraphs_fts (book_paragraphs_fts) VALUES ('rebuild');
    `);
  },
};
