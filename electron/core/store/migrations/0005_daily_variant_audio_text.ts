import type { Migration } from './types';

/**
 * Daily sentences keyed by what made them (prompt and model) as well as the date,
 * so a new prompt or model is a miss; audio findable by its text (under any voice).
 */
export const migration0005: Migration = {
  version: 5,
  name: 'daily sentence variants, audio by text',
  up(db) {
    db.exec(`
      CREATE TABLE daily_sentences_new (
        date TEXT NOT NULL,
        -- A hash of the prompt version, the prompt itself and the model ('' for rows from before: never a hit, kept as a fallback).
        variant TEXT NOT NULL DEFAULT '',
        json TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (date, variant)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO daily_sentences_new (date, variant, json, created_at) SELECT date, '', json, created_at FROM daily_sentences;
      DROP TABLE daily_sentences;
      ALTER TABLE daily_sentences_new RENAME TO daily_sentences;

      CREATE INDEX tts_audio_text ON tts_audio (text, last_used_at);
    `);
  },
};
