import type { Migration } from './types';

/**
 * Books: chapters of paragraphs with stable ids and a content hash (model answers
 * are cached by content), the reading position, and a trigram index of the text
 * for search. Images live in the data dir under books/<id>/; AUTOINCREMENT keeps
 * a deleted book's id (and folder name) from being reused.
 */
export const migration0008: Migration = {
  version: 8,
  name: 'books',
  up(db) {
    db.exec(`
      CREATE TABLE books (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL,
        author TEXT NOT NULL DEFAULT '',
        format TEXT NOT NULL,
        file_name TEXT NOT NULL,
        file_hash TEXT NOT NULL,
        chars INTEGER NOT NULL,
        cover TEXT,
        added_at INTEGER NOT NULL,
        opened_at INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE book_chapters (
        id INTEGER PRIMARY KEY,
        book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        title TEXT NOT NULL,
        chars INTEGER NOT NULL,
        UNIQUE (book_id, idx)
      );
      CREATE TABLE book_paragraphs (
        id INTEGER PRIMARY KEY,
        chapter_id INTEGER NOT NULL REFERENCES book_chapters(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        text TEXT NOT NULL,
        ruby TEXT,
        image TEXT,
        heading INTEGER NOT NULL DEFAULT 0,
        -- characters of the book before this paragraph (progress)
        start INTEGER NOT NULL,
        hash TEXT NOT NULL,
        UNIQUE (chapter_id, idx)
      );
      CREATE TABLE book_positions (
        book_id INTEGER PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
        chapter_id INTEGER NOT NULL,
        paragraph_id INTEGER NOT NULL,
        offset INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      -- The images again, so that a backup (one SQLite file) holds the whole book; the files are what is served.
      CREATE TABLE book_images (
        book_id INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (book_id, name)
      );

      CREATE VIRTUAL TABLE book_paragraphs_fts USING fts5(text, content='book_paragraphs', content_rowid='id', tokenize='trigram');
      CREATE TRIGGER book_paragraphs_fts_insert AFTER INSERT ON book_paragraphs BEGIN
        INSERT INTO book_paragraphs_fts (rowid, text) VALUES (new.id, new.text);
      END;
      CREATE TRIGGER book_paragraphs_fts_delete AFTER DELETE ON book_paragraphs BEGIN
        INSERT INTO book_paragraphs_fts (book_paragraphs_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
    `);
  },
};
