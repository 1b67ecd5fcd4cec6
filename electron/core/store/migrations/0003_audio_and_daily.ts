import type { Migration } from './types';

export const migration0003: Migration = {
  version: 3,
  name: 'audio cache and daily sentences',
  up(db) {
    db.exec(`
      CREATE TABLE tts_audio (
        key TEXT PRIMARY KEY NOT NULL,
        provider TEXT NOT NULL,
        voice TEXT NOT NULL,
        rate INTEGER,
        text TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        audio BLOB NOT NULL,
        bytes INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX tts_audio_lru ON tts_audio (last_used_at);

      CREATE TABLE daily_sentences (
        date TEXT PRIMARY KEY NOT NULL,
        json TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
