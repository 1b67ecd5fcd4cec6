/**
 * Every migration from every earlier schema version, with data in it: each
 * version's tables are filled, the database is opened by the app (which
 * migrates it), and everything written before must still be there and usable.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../../electron/core/store/database';
import { MIGRATIONS } from '../../../electron/core/store/migrations';
import { migrate, schemaVersion } from '../../../electron/core/store/migrator';
import { memoryDb } from '../../support/memoryDb';
import { makeTempDir } from '../../support/tempDir';

const temps: Array<ReturnType<typeof makeTempDir>> = [];
afterEach(() => {
  while (temps.length) temps.pop()!.cleanup();
});

type Db = Database.Database;
interface VersionData {
  /** Fills the tables this version created. */
  seed(db: Db): void;
  /** Checks them after the upgrade to the latest version. */
  check(db: Db): void;
}

const audio = Buffer.from([1, 2, 3, 4, 5]);

/** The version of a migration by its name (numbers are renumbered when branches merge). */
function versionNamed(name: string): number {
  const m = MIGRATIONS.find((x) => x.name === name);
  if (!m) throw new Error(`no migration named ${name}`);
  return m.version;
}

/** Data per schema version; a version with no entry created no table worth filling. */
const DATA: Record<number, VersionData> = {
  1: {
    seed: (db) => db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('theme', '"dark"', 1),
    check: (db) => expect(db.prepare('SELECT value FROM settings WHERE key = ?').get('theme')).toEqual({ value: '"dark"' }),
  },
  2: {
    seed: (db) => db.prepare('INSERT INTO free_model_requests (model, at) VALUES (?, ?)').run('x:free', 42),
    check: (db) => expect(db.prepare('SELECT model, at FROM free_model_requests').all()).toEqual([{ model: 'x:free', at: 42 }]),
  },
  3: {
    seed(db) {
      db.prepare(
        `INSERT INTO tts_audio (key, provider, voice, rate, text, mime_type, audio, bytes, created_at, last_used_at)
         VALUES ('k', 'edge', 'ja-JP-NanamiNeural', 0, '猫', 'audio/mpeg', ?, 5, 1, 1)`,
      ).run(audio);
      db.prepare('INSERT INTO daily_sentences (date, json, created_at) VALUES (?, ?, ?)').run('2026-01-01', '{"text":"猫"}', 1);
    },
    check(db) {
      expect(db.prepare("SELECT audio FROM tts_audio WHERE key = 'k'").get()).toEqual({ audio });
      expect(db.prepare("SELECT json, variant FROM daily_sentences WHERE date = '2026-01-01'").get()).toEqual({ json: '{"text":"猫"}', variant: '' });
    },
  },
  4: {
    seed(db) {
      db.prepare("INSERT INTO answer_cache (key, kind, json, bytes, created_at, last_used_at) VALUES ('a', 'translation', '\"Cat.\"', 6, 1, 1)").run();
      const doc = db
        .prepare("INSERT INTO documents (text_hash, text, title, source, translation, created_at, opened_at) VALUES ('h', '吾輩は猫である。', '吾輩は猫である。', 'typed', 'I am a cat.', 1, 1) RETURNING id")
        .pluck()
        .get() as number;
      db.prepare("INSERT INTO document_details (document_id, cache_key, kind, word, sentence, created_at) VALUES (?, 'a', 'word', '猫', '吾輩は猫である。', 1)").run(doc);
      db.prepare("INSERT INTO document_chats (document_id, messages_json, created_at, updated_at) VALUES (?, '[]', 1, 1)").run(doc);
      const card = db
        .prepare(
          `INSERT INTO review_cards (kind, identity, word, sentence, document_id, due, stability, difficulty, elapsed_days, scheduled_days,
             learning_steps, reps, lapses, state, created_at) VALUES ('word', 'i', '猫', '吾輩は猫である。', ?, 5, 1, 5, 0, 0, 0, 0, 0, 0, 1) RETURNING id`,
        )
        .pluck()
        .get(doc) as number;
      db.prepare(
        `INSERT INTO review_log (card_id, rating, state_before, due, stability, difficulty, scheduled_days, reviewed_at, day)
         VALUES (?, 3, 0, 10, 1, 5, 0, 2, '2026-01-01')`,
      ).run(card);
    },
    check(db) {
      expect(db.prepare("SELECT json FROM answer_cache WHERE key = 'a'").get()).toEqual({ json: '"Cat."' });
      // The FTS index written before the upgrade still answers.
      expect(db.prepare('SELECT rowid FROM documents_fts WHERE documents_fts MATCH ?').pluck().all('"猫である"')).toHaveLength(1);
      // Rebuilt by migration 6: the text's last character begins a (padded) trigram, so 1–2 character terms find it too.
      expect(db.prepare("SELECT term FROM documents_fts_vocab WHERE term >= '。' AND term < '。\u{10FFFF}'").pluck().all()).toEqual(['。\u0003\u0003']);
      expect(db.prepare('SELECT count(*) FROM document_details').pluck().get()).toBe(1);
      expect(db.prepare('SELECT count(*) FROM document_chats').pluck().get()).toBe(1);
      expect(db.prepare('SELECT word, document_id IS NOT NULL AS linked FROM review_cards').get()).toEqual({ word: '猫', linked: 1 });
      expect(db.prepare('SELECT day FROM review_log').pluck().get()).toBe('2026-01-01');
    },
  },
  5: {
    seed(db) {
      db.prepare("INSERT INTO daily_sentences (date, variant, json, created_at) VALUES ('2026-01-02', 'v1', '{\"text\":\"犬\"}', 2)").run();
    },
    check(db) {
      // Rows from before variants have the empty one (never a hit, still a fallback); both variants of a date can coexist.
      db.prepare("INSERT INTO daily_sentences (date, variant, json, created_at) VALUES ('2026-01-02', 'v2', '{}', 3)").run();
      expect(db.prepare("SELECT variant FROM daily_sentences WHERE date = '2026-01-02' ORDER BY variant").pluck().all()).toEqual(['v1', 'v2']);
      // Audio is found by its text through the index.
      const plan = db.prepare("EXPLAIN QUERY PLAN SELECT key FROM tts_audio WHERE text = '猫' ORDER BY last_used_at DESC").all() as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join(' ')).toContain('tts_audio_text');
    },
  },
  6: {
    // documents_fts_vocab is a view of documents_fts with no rows of its own; version 4's check covers the rebuilt index.
    seed() {},
    check() {},
  },
  7: {
    seed(db) {
      db.prepare('INSERT INTO model_catalog (provider, fetched_at, models) VALUES (?, ?, ?)').run('openrouter', '2026-01-01T00:00:00.000Z', '[]');
      db.prepare("INSERT INTO model_usage (at, day, provider, model, task, prompt_tokens, completion_tokens, cost) VALUES ('t', '2026-01-01', 'openrouter', 'm', 'chat', 1, 2, 0.5)").run();
    },
    check(db) {
      expect(db.prepare('SELECT fetched_at FROM model_catalog').pluck().get()).toBe('2026-01-01T00:00:00.000Z');
      expect(db.prepare('SELECT cost FROM model_usage').pluck().get()).toBe(0.5);
    },
  },
  // Books (migration 0008_books).
  8: {
    seed(db) {
      const book = db.prepare("INSERT INTO books (title, author, format, file_name, file_hash, chars, added_at) VALUES ('本', '著者', 'text', 'a.txt', 'h', 3, 1) RETURNING id").pluck().get() as number;
      const chapter = db.prepare("INSERT INTO book_chapters (book_id, idx, title, chars) VALUES (?, 0, '一', 3) RETURNING id").pluck().get(book) as number;
      const para = db.prepare("INSERT INTO book_paragraphs (chapter_id, idx, text, start, hash) VALUES (?, 0, '猫の本', 0, 'p') RETURNING id").pluck().get(chapter) as number;
      db.prepare('INSERT INTO book_positions (book_id, chapter_id, paragraph_id, offset, updated_at) VALUES (?, ?, ?, 1, 1)').run(book, chapter, para);
      db.prepare("INSERT INTO book_images (book_id, name, data) VALUES (?, 'img-1.png', ?)").run(book, audio);
    },
    check(db) {
      expect(db.prepare('SELECT rowid FROM book_paragraphs_fts WHERE book_paragraphs_fts MATCH ?').pluck().all('"猫の本"')).toHaveLength(1);
      // Rebuilt with the padding of short-word search: 本 begins a trigram of its own.
      expect(db.prepare("SELECT count(*) FROM book_paragraphs_fts_vocab WHERE term >= '本' AND term < '本\u{10FFFF}'").pluck().get()).toBeGreaterThan(0);
      expect(db.prepare('SELECT offset FROM book_positions').pluck().get()).toBe(1);
      expect(db.prepare('SELECT data FROM book_images').pluck().get()).toEqual(audio);
    },
  },
  // A review card's source (migration 0009_card_source): cards starred before it have none.
  9: {
    seed(db) {
      db.prepare(
        `INSERT INTO review_cards (kind, identity, word, sentence, due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
           created_at, source_book_id, source_chapter_id, source_paragraph_id, source_book_title, source_chapter_title)
         VALUES ('sentence', 'i9', '', '猫の本', 5, 1, 5, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, '本', '一')`,
      ).run();
    },
    check(db) {
      expect(db.prepare("SELECT source_book_title, source_chapter_title, source_paragraph_id FROM review_cards WHERE identity = 'i9'").get()).toEqual({
        source_book_title: '本',
        source_chapter_title: '一',
        source_paragraph_id: 3,
      });
      expect(db.prepare("SELECT source_book_id FROM review_cards WHERE identity <> 'i9'").pluck().all()).toEqual(
        db.prepare("SELECT NULL FROM review_cards WHERE identity <> 'i9'").pluck().all(),
      );
    },
  },
  // Readings corrected by hand (migration 0010_reading_corrections).
  10: {
    seed(db) {
      db.prepare("INSERT INTO reading_corrections (word, reading, updated_at) VALUES ('毛', 'け', 7)").run();
    },
    check(db) {
      expect(db.prepare('SELECT word, reading, updated_at FROM reading_corrections').all()).toEqual([{ word: '毛', reading: 'け', updated_at: 7 }]);
    },
  },
  // Bookmarks, gaiji descriptions and short-word search (migration 0011_book_reading; its number may change at a merge).
  [versionNamed('book bookmarks, gaiji and short-word search')]: {
    seed(db) {
      const para = db.prepare("SELECT id, chapter_id FROM book_paragraphs WHERE text = '猫の本'").get() as { id: number; chapter_id: number };
      const book = db.prepare('SELECT book_id FROM book_chapters WHERE id = ?').pluck().get(para.chapter_id) as number;
      db.prepare("INSERT INTO book_bookmarks (book_id, chapter_id, paragraph_id, offset, name, created_at) VALUES (?, ?, ?, 2, '印', 1)").run(book, para.chapter_id, para.id);
      db.prepare('UPDATE book_paragraphs SET gaiji = ? WHERE id = ?').run('[{"start":0,"description":"口＋世"}]', para.id);
    },
    check(db) {
      expect(db.prepare('SELECT name, offset FROM book_bookmarks').all()).toEqual([{ name: '印', offset: 2 }]);
      expect(db.prepare("SELECT gaiji FROM book_paragraphs WHERE text = '猫の本'").pluck().get()).toBe('[{"start":0,"description":"口＋世"}]');
    },
  },
  // Card context, notes and pictures (migration 0015_card_context; its number may change at a merge).
  [versionNamed('card context, notes, pictures and Anki export state')]: {
    seed(db) {
      const id = db.prepare("SELECT id FROM review_cards WHERE identity = 'i9'").pluck().get() as number;
      db.prepare("UPDATE review_cards SET surface = '泣いた', notes = 'メモ', exported_at = 9 WHERE id = ?").run(id);
      db.prepare("INSERT INTO card_pictures (card_id, mime, data) VALUES (?, 'image/png', ?)").run(id, audio);
    },
    check(db) {
      expect(db.prepare("SELECT surface, notes, exported_at FROM review_cards WHERE identity = 'i9'").get()).toEqual({ surface: '泣いた', notes: 'メモ', exported_at: 9 });
      expect(db.prepare('SELECT mime, data FROM card_pictures').all()).toEqual([{ mime: 'image/png', data: audio }]);
    },
  },
  // Card browser search (migration 0016_card_search; its number may change at a merge): the index has no data of its
  // own; cards made before it are indexed by its rebuild (tests/integration/cards/cardSearch.test.ts), later ones by its triggers.
  [versionNamed('card browser search index')]: {
    seed() {},
    check(db) {
      const found = (term: string) => db.prepare('SELECT identity FROM review_cards WHERE id IN (SELECT rowid FROM review_cards_fts WHERE review_cards_fts MATCH ?)').pluck().all(term);
      expect(found('"泣いた"')).toEqual(['i9']); // the form starred
      // A 2-character term (the notes) begins an indexed trigram: the padding's.
      expect(db.prepare('SELECT term FROM review_cards_fts_vocab WHERE term >= ? AND term < ?').pluck().all('メモ', 'メモ\u{10FFFF}')).toEqual(['メモ\u0003']);
    },
  },
  // The dictionaries' switches and lookup order (migration 0012_dictionary_order; its number may change at a merge).
  [versionNamed('dictionary order')]: {
    seed(db) {
      db.prepare("INSERT INTO dictionary_order (id, enabled, position) VALUES ('jmdict', 1, 1), ('y-0123456789abcdef', 0, 0)").run();
    },
    check(db) {
      expect(db.prepare('SELECT id, enabled, position FROM dictionary_order ORDER BY position').all()).toEqual([
        { id: 'y-0123456789abcdef', enabled: 0, position: 0 },
        { id: 'jmdict', enabled: 1, position: 1 },
      ]);
    },
  },
  // Word knowledge (migration 0013_word_status; its number may change at a merge).
  [versionNamed('word status')]: {
    seed(db) {
      db.prepare("INSERT INTO word_status (term, reading, status, source, changed_at) VALUES ('猫', 'ねこ', 'known', 'mark', 5)").run();
      db.prepare("INSERT INTO word_status_changes (term, reading, status, previous, source, changed_at) VALUES ('猫', 'ねこ', 'known', 'new', 'mark', 5)").run();
    },
    check(db) {
      expect(db.prepare('SELECT term, reading, status, source, changed_at FROM word_status').all()).toEqual([{ term: '猫', reading: 'ねこ', status: 'known', source: 'mark', changed_at: 5 }]);
      expect(db.prepare('SELECT status, previous FROM word_status_changes').all()).toEqual([{ status: 'known', previous: 'new' }]);
    },
  },
  // Coverage cache and reading statistics (migration 0014_coverage_reading_stats; its number may change at a merge).
  [versionNamed('coverage cache and reading statistics')]: {
    seed(db) {
      const book = db.prepare('SELECT id FROM books LIMIT 1').pluck().get() as number;
      db.prepare("INSERT INTO book_coverage (book_id, content_key, data, built_at) VALUES (?, 'k', '{}', 3)").run(book);
      db.prepare("INSERT INTO reading_days (day, book_id, chars, ms) VALUES ('2026-11-27', ?, 120, 60000)").run(book);
      db.prepare('INSERT INTO reading_last (book_id, at, position) VALUES (?, 9, 120)').run(book);
    },
    check(db) {
      expect(db.prepare('SELECT content_key FROM book_coverage').pluck().all()).toEqual(['k']);
      expect(db.prepare('SELECT day, chars, ms FROM reading_days').all()).toEqual([{ day: '2026-11-27', chars: 120, ms: 60000 }]);
      expect(db.prepare('SELECT position FROM reading_last').pluck().all()).toEqual([120]);
    },
  },
};

const latest = MIGRATIONS.at(-1)!.version;

function databaseAt(version: number): { dir: string; file: string } {
  const t = makeTempDir();
  temps.push(t);
  const file = path.join(t.dir, DATABASE_FILE);
  const db = new Database(file);
  migrate(db, MIGRATIONS.slice(0, version));
  for (let v = 1; v <= version; v++) DATA[v]?.seed(db);
  db.close();
  return { dir: t.dir, file };
}

const schemaOf = (db: Db) =>
  db.prepare<[], { type: string; name: string; sql: string | null }>("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all();

describe('migrations with data', () => {
  it('every version that created tables has seed data here (add an entry with a new table)', () => {
    const fresh = new Database(':memory:');
    for (const m of MIGRATIONS) {
      const before = new Set(schemaOf(fresh).filter((r) => r.type === 'table').map((r) => r.name));
      migrate(fresh, MIGRATIONS.slice(0, m.version));
      const created = schemaOf(fresh).filter((r) => r.type === 'table' && !before.has(r.name));
      if (created.length > 0) expect(DATA[m.version], `migration ${m.version} (${m.name}) created ${created.map((c) => c.name).join(', ')}`).toBeDefined();
    }
  });

  for (let from = 1; from < latest; from++) {
    it(`upgrades a database at version ${from} to ${latest}, keeping everything`, () => {
      const { dir } = databaseAt(from);
      const { db, notices } = openDatabase({ dir });
      try {
        expect(notices).toEqual([]);
        expect(schemaVersion(db)).toBe(latest);
        for (let v = 1; v <= from; v++) DATA[v]?.check(db);
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        // Tables added by the upgrade work at once: a new document is searchable.
        if (from < 4) {
          db.prepare("INSERT INTO documents (text_hash, text, title, source, created_at, opened_at) VALUES ('n', '新しい文書です。', 't', 'typed', 1, 1)").run();
          expect(db.prepare('SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?').pluck().get('"文書で"')).toBe(1);
        }
      } finally {
        db.close();
      }
    });
  }

  it('the latest version with data opens unchanged', () => {
    const { dir } = databaseAt(latest);
    const { db } = openDatabase({ dir });
    for (let v = 1; v <= latest; v++) DATA[v]?.check(db);
    db.close();
  });

  it('step by step or all at once, the schema is the same as a fresh one', () => {
    const fresh = memoryDb();
    const stepped = new Database(':memory:');
    for (let v = 1; v <= latest; v++) migrate(stepped, MIGRATIONS.slice(0, v));
    expect(schemaOf(stepped)).toEqual(schemaOf(fresh));
  });
});
