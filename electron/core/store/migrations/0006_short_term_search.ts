import type { Migration } from './types';

/**
 * History search for 1–2 character terms through the trigram index instead of a
 * scan of every text. Each indexed column ends with two U+0003 characters, so every
 * occurrence of a short term, the last ones included, begins some trigram; the
 * index's vocabulary (`documents_fts_vocab`) lists those trigrams, and the term
 * becomes an OR of them. The padding comes from a view, so `rebuild` and the
 * triggers index exactly the same values (external content must match them).
 */
export const migration0006: Migration = {
  version: 6,
  name: 'short terms through the trigram index',
  up(db) {
    db.exec(`
      DROP TRIGGER documents_fts_insert;
      DROP TRIGGER documents_fts_delete;
      DROP TRIGGER documents_fts_update;
      DROP TABLE documents_fts;

      CREATE VIEW documents_fts_content AS
        SELECT id, text || char(3, 3) AS text, translation || char(3, 3) AS translation FROM documents;
      CREATE VIRTUAL TABLE documents_fts USING fts5(
        text, translation, content='documents_fts_content', content_rowid='id', tokenize='trigram'
      );
      CREATE VIRTUAL TABLE documents_fts_vocab USING fts5vocab(documents_fts, row);

      CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
        INSERT INTO documents_fts (rowid, text, translation) VALUES (new.id, new.text || char(3, 3), new.translation || char(3, 3));
      END;
      CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
        INSERT INTO documents_fts (documents_fts, rowid, text, translation)
          VALUES ('delete', old.id, old.text || char(3, 3), old.translation || char(3, 3));
      END;
      CREATE TRIGGER documents_fts_update AFTER UPDATE OF text, translation ON documents BEGIN
        INSERT INTO documents_fts (documents_fts, rowid, text, translation)
          VALUES ('delete', old.id, old.text || char(3, 3), old.translation || char(3, 3));
        INSERT INTO documents_fts (rowid, text, translation) VALUES (new.id, new.text || char(3, 3), new.translation || char(3, 3));
      END;

      INSERT INTO documents_fts (documents_fts) VALUES ('rebuild');
    `);
  },
};
