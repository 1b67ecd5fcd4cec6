import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, DatabaseUnavailableError, openDatabase } from '../../../electron/core/store/database';
import { MIGRATIONS } from '../../../electron/core/store/migrations';
import type { Migration } from '../../../electron/core/store/migrations/types';
import { DatabaseTooNewError, migrate, schemaVersion } from '../../../electron/core/store/migrator';
import { makeTempDir } from '../../support/tempDir';

const temps: Array<ReturnType<typeof makeTempDir>> = [];
const tmp = () => {
  const t = makeTempDir();
  temps.push(t);
  return t.dir;
};
afterEach(() => {
  while (temps.length) temps.pop()!.cleanup();
});

const latest = MIGRATIONS.at(-1)!.version;

describe('migrations', () => {
  it('creates a fresh database at the latest version with WAL and foreign keys', () => {
    const { db, notices } = openDatabase({ dir: tmp() });
    expect(schemaVersion(db)).toBe(latest);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'settings'").get()).toBeTruthy();
    expect(notices).toEqual([]);
    db.close();
  });

  it('versions are 1..n in order, one per migration', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('upgrades from every earlier version keeping data', () => {
    for (let from = 1; from < latest; from++) {
      const dir = tmp();
      const file = path.join(dir, DATABASE_FILE);
      const old = new Database(file);
      migrate(old, MIGRATIONS.slice(0, from));
      old.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('theme', '"dark"', 1);
      old.close();
      const { db } = openDatabase({ dir });
      expect(schemaVersion(db)).toBe(latest);
      expect(db.prepare('SELECT value FROM settings WHERE key = ?').get('theme')).toEqual({ value: '"dark"' });
      db.close();
    }
  });

  it('runs all pending migrations in one transaction: a failure changes nothing', () => {
    const db = new Database(':memory:');
    const ok: Migration = { version: 1, name: 'a', up: (d) => d.exec('CREATE TABLE a (x INTEGER)') };
    const bad: Migration = {
      version: 2,
      name: 'b',
      up: (d) => {
        d.exec('CREATE TABLE b (x INTEGER)');
        throw new Error('broken migration');
      },
    };
    expect(() => migrate(db, [ok, bad])).toThrow('broken migration');
    expect(schemaVersion(db)).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get()).toEqual({ n: 0 });
    expect(migrate(db, [ok])).toEqual({ from: 0, to: 1 });
    expect(migrate(db, [ok])).toEqual({ from: 1, to: 1 });
  });

  it('refuses a database newer than the app and leaves it untouched', () => {
    const dir = tmp();
    const file = path.join(dir, DATABASE_FILE);
    const future = new Database(file);
    future.pragma(`user_version = ${latest + 5}`);
    future.exec('CREATE TABLE from_the_future (x)');
    future.close();
    const before = fs.readFileSync(file);
    expect(() => openDatabase({ dir })).toThrow(DatabaseTooNewError);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes('corrupt'))).toEqual([]);
  });

  it('moves a corrupt file aside, starts fresh and says so, deleting nothing else', () => {
    const dir = tmp();
    const file = path.join(dir, DATABASE_FILE);
    const garbage = Buffer.from('this is not a sqlite database at all '.repeat(200));
    fs.writeFileSync(file, garbage);
    fs.writeFileSync(path.join(dir, 'audio-keep.bin'), 'keep me');
    const now = new Date('2026-11-21T05:00:00.000Z');
    const { db, notices } = openDatabase({ dir, now: () => now });
    expect(schemaVersion(db)).toBe(latest);
    expect(notices).toHaveLength(1);
    const moved = notices[0]!.movedTo;
    expect(moved).toBe(`${file}.corrupt-2026-11-21T05-00-00-000Z`);
    expect(fs.readFileSync(moved).equals(garbage)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'audio-keep.bin'), 'utf8')).toBe('keep me');
    db.close();
  });

  it('a database it cannot open (SQLITE_CANTOPEN) fails clearly and nothing is moved aside', () => {
    const dir = tmp();
    // A folder where the file should be: SQLite cannot open it, and that says nothing about any data.
    const file = path.join(dir, DATABASE_FILE);
    fs.mkdirSync(file);
    fs.writeFileSync(path.join(file, 'keep.txt'), 'keep me');
    let error: unknown;
    try {
      openDatabase({ dir });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as DatabaseUnavailableError).code).toMatch(/^SQLITE_CANTOPEN/);
    expect((error as Error).message).toContain(file);
    expect(fs.readdirSync(dir)).toEqual([DATABASE_FILE]);
    expect(fs.readFileSync(path.join(file, 'keep.txt'), 'utf8')).toBe('keep me');
  });

  it('treats a damaged page inside a real database as corrupt', () => {
    const dir = tmp();
    const file = path.join(dir, DATABASE_FILE);
    const { db } = openDatabase({ dir });
    db.exec('CREATE TABLE filler (x TEXT)');
    const ins = db.prepare('INSERT INTO filler VALUES (?)');
    for (let i = 0; i < 2000; i++) ins.run('x'.repeat(100) + i);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = fs.readFileSync(file);
    bytes.fill(0xab, 4096 * 3, 4096 * 6); // smash a few pages in the middle
    fs.writeFileSync(file, bytes);
    const reopened = openDatabase({ dir });
    expect(reopened.notices[0]?.kind).toBe('database-recovered');
    expect(fs.existsSync(reopened.notices[0]!.movedTo)).toBe(true);
    reopened.db.close();
  });
});
