import type { Migration } from './types';

/**
 * Offline first: cached model answers, history documents with full-text search,
 * chats per document, and review cards scheduled with FSRS.
 */
export const migration0004: Migration = {
  version: 4,
  name: 'answer cache, history, review',
  up(db) {
    db.exec(`
      -- Model answers keyed by a hash of everything that changes them; the JSON is
      -- validated on every read, so a damaged row is dropped and fetched again.
      CREATE TABLE answer_cache (
        key TEXT PRIMARY KEY NOT NULL,
        kind TEXT NOT NULL,
        json TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX answer_cache_kind ON answer_cache (kind, last_used_at);

      -- Every analysed text. The same normalized text is the same document.
      CREATE TABLE documents (
        id INTEGER PRIMARY KEY,
        text_hash TEXT NOT NULL UNIQUE,
        text TEXT NOT NULL,
        title TEXT NOT NULL,
        source TEXT NOT NULL,
        tokens_json TEXT,
        tokens_source TEXT,
        translation TEXT NOT NULL DEFAULT '',
        translation_locale TEXT,
        created_at INTEGER NOT NULL,
        opened_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX documents_opened ON documents (opened_at DESC, id DESC);

      -- Trigram tokens: Japanese has no spaces, so any substring of 3+ characters matches.
      CREATE VIRTUAL TABLE documents_fts USING fts5(
        text, translation, content='documents', content_rowid='id', tokenize='trigram'
      );
      CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
        INSERT INTO documents_fts (rowid, text, translation) VALUES (new.id, new.text, new.translation);
      END;
      CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
        INSERT INTO documents_fts (documents_fts, rowid, text, translation) VALUES ('delete', old.id, old.text, old.translation);
      END;
      CREATE TRIGGER documents_fts_update AFTER UPDATE OF text, translation ON documents BEGIN
        INSERT INTO documents_fts (documents_fts, rowid, text, translation) VALUES ('delete', old.id, old.text, old.translation);
        INSERT INTO documents_fts (rowid, text, translation) VALUES (new.id, new.text, new.translation);
      END;

      -- Explanations looked up while reading a document (the detail itself stays in answer_cache).
      CREATE TABLE document_details (
        document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        cache_key TEXT NOT NULL,
        kind TEXT NOT NULL,
        word TEXT NOT NULL,
        sentence TEXT NOT NULL,
        char_offset INTEGER,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (document_id, cache_key)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE document_chats (
        id INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        messages_json TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX document_chats_document ON document_chats (document_id, updated_at);

      -- Starred words and sentences with their FSRS memory state.
      CREATE TABLE review_cards (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        identity TEXT NOT NULL UNIQUE,
        word TEXT NOT NULL DEFAULT '',
        reading TEXT NOT NULL DEFAULT '',
        meaning TEXT NOT NULL DEFAULT '',
        sentence TEXT NOT NULL,
        translation TEXT NOT NULL DEFAULT '',
        document_id INTEGER REFERENCES documents (id) ON DELETE SET NULL,
        due INTEGER NOT NULL,
        stability REAL NOT NULL,
        difficulty REAL NOT NULL,
        elapsed_days INTEGER NOT NULL,
        scheduled_days INTEGER NOT NULL,
        learning_steps INTEGER NOT NULL,
        reps INTEGER NOT NULL,
        lapses INTEGER NOT NULL,
        state INTEGER NOT NULL,
        last_review INTEGER,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX review_cards_due ON review_cards (due);

      -- Kept when a card is unstarred, so daily counts and streaks stay true.
      CREATE TABLE review_log (
        id INTEGER PRIMARY KEY,
        card_id INTEGER REFERENCES review_cards (id) ON DELETE SET NULL,
        rating INTEGER NOT NULL,
        state_before INTEGER NOT NULL,
        due INTEGER NOT NULL,
        stability REAL NOT NULL,
        difficulty REAL NOT NULL,
        scheduled_days INTEGER NOT NULL,
        reviewed_at INTEGER NOT NULL,
        day TEXT NOT NULL
      ) STRICT;
      CREATE INDEX review_log_day ON review_log (day);
    `);
  },
};
