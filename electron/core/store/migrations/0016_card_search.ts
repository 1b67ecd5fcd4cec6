import type { Migration } from './types';

/**
 * Card browser search through a trigram index instead of LIKE over every card (20,000 cards
 * answered within a keystroke). The indexed texts are the ones the browser searches: word,
 * reading, the form starred, meaning, sentence, translation and notes. As History's index
 * (migration 6), each column ends with two U+0003 characters so that every occurrence of a
 * 1–2 character term begins some trigram listed by `review_cards_fts_vocab`. Grading a card
 * touches none of these columns, so reviews never rewrite the index. Also indexes for the
 * browser's two orders that had none (word, state).
 */
export const migration0016: Migration = {
  version: 16,
  name: 'card browser search index',
  up(db) {
    db.exec(`
      CREATE VIEW review_cards_fts_content AS
        SELECT id, word || char(3, 3) AS word, reading || char(3, 3) AS reading, surface || char(3, 3) AS surface,
          meaning || char(3, 3) AS meaning, sentence || char(3, 3) AS sentence, translation || char(3, 3) AS translation,
          notes || char(3, 3) AS notes
        FROM review_cards;
      CREATE VIRTUAL TABLE review_cards_fts USING fts5(
        word, reading, surface, meaning, sentence, translation, notes,
        content='review_cards_fts_content', content_rowid='id', tokenize='trigram'
      );
      CREATE VIRTUAL TABLE review_cards_fts_vocab USING fts5vocab(review_cards_fts, row);

      CREATE TRIGGER review_cards_fts_insert AFTER INSERT ON review_cards BEGIN
        INSERT INTO review_cards_fts (rowid, word, reading, surface, meaning, sentence, translation, notes)
          VALUES (new.id, new.word || char(3, 3), new.reading || char(3, 3), new.surface || char(3, 3), new.meaning || char(3, 3),
            new.sentence || char(3, 3), new.translation || char(3, 3), new.notes || char(3, 3));
      END;
      CREATE TRIGGER review_cards_fts_delete AFTER DELETE ON review_cards BEGIN
        INSERT INTO review_cards_fts (review_cards_fts, rowid, word, reading, surface, meaning, sentence, translation, notes)
          VALUES ('delete', old.id, old.word || char(3, 3), old.reading || char(3, 3), old.surface || char(3, 3), old.meaning || char(3, 3),
            old.sentence || char(3, 3), old.translation || char(3, 3), old.notes || char(3, 3));
      END;
      CREATE TRIGGER review_cards_fts_update AFTER UPDATE OF word, reading, surface, meaning, sentence, translation, notes ON review_cards BEGIN
        INSERT INTO review_cards_fts (review_cards_fts, rowid, word, reading, surface, meaning, sentence, translation, notes)
          VALUES ('delete', old.id, old.word || char(3, 3), old.reading || char(3, 3), old.surface || char(3, 3), old.meaning || char(3, 3),
            old.sentence || char(3, 3), old.translation || char(3, 3), old.notes || char(3, 3));
        INSERT INTO review_cards_fts (rowid, word, reading, surface, meaning, sentence, translation, notes)
          VALUES (new.id, new.word || char(3, 3), new.reading || char(3, 3), new.surface || char(3, 3), new.meaning || char(3, 3),
            new.sentence || char(3, 3), new.translation || char(3, 3), new.notes || char(3, 3));
      END;
      INSERT INTO review_cards_fts (review_cards_fts) VALUES ('rebuild');

      CREATE INDEX review_cards_word_order ON review_cards ((CASE WHEN kind = 'word' THEN word ELSE sentence END));
      CREATE INDEX review_cards_state ON review_cards (state);
    `);
  },
};
