import type { Migration } from './types';

/**
 * Cards that are right (issue 25): a word card is headed by the word's dictionary form and
 * reading, the form it was starred in kept as `surface`; the learner's notes; the model's
 * explanation beside the dictionary meaning; the dictionary sense chosen; the document a
 * card came from when it is not a book (`source_label`); when it was last sent to Anki and
 * as which note. A card's picture (an image, or the region selected on it) lives in a table
 * of its own so listing 20,000 cards never reads image bytes.
 */
export const migration0015: Migration = {
  version: 15,
  name: 'card context, notes, pictures and Anki export state',
  up(db) {
    db.exec(`
      ALTER TABLE review_cards ADD COLUMN surface TEXT NOT NULL DEFAULT '';
      ALTER TABLE review_cards ADD COLUMN notes TEXT NOT NULL DEFAULT '';
      ALTER TABLE review_cards ADD COLUMN explanation TEXT NOT NULL DEFAULT '';
      ALTER TABLE review_cards ADD COLUMN sense_entry_id INTEGER;
      ALTER TABLE review_cards ADD COLUMN sense_index INTEGER;
      ALTER TABLE review_cards ADD COLUMN source_label TEXT;
      ALTER TABLE review_cards ADD COLUMN updated_at INTEGER;
      ALTER TABLE review_cards ADD COLUMN exported_at INTEGER;
      ALTER TABLE review_cards ADD COLUMN anki_note_id INTEGER;
      CREATE INDEX review_cards_created ON review_cards (created_at);

      CREATE TABLE card_pictures (
        card_id INTEGER PRIMARY KEY REFERENCES review_cards (id) ON DELETE CASCADE,
        mime TEXT NOT NULL,
        data BLOB NOT NULL
      ) STRICT;
    `);
  },
};
