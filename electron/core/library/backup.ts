/**
 * Backup and restore of the whole database. A backup is SQLite's online backup
 * (consistent while the app keeps writing). A restore validates the file, keeps
 * a copy of the current data, migrates a temporary copy of the backup to this
 * app's schema, and then replaces every table's rows inside one transaction on
 * the live connection: it either all happens or nothing does, and no service
 * has to reopen the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BackupInfo } from '../../../shared/contract/library';
import { AppError } from '../../../shared/result';
import { DATABASE_FILE, isCorruption } from '../store/database';
import { migrate } from '../store/migrator';
import type { Migration } from '../store/migrations/types';

const BACKUP_DIR = 'backups';

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[:.]/g, '-');

export function info(file: string): BackupInfo {
  const st = fs.statSync(file);
  return { name: path.basename(file), path: file, bytes: st.size, createdAt: Math.round(st.mtimeMs) };
}

export function backupsDir(appDataDir: string): string {
  return path.join(appDataDir, BACKUP_DIR);
}

/** A consistent copy of the live database as `<dir>/yomimono-<label>-<time>.db`. */
export async function backupDatabase(db: Database.Database, dir: string, opts: { label?: string; now?: number } = {}): Promise<BackupInfo> {
  fs.mkdirSync(dir, { recursive: true });
  const base = `yomimono-${opts.label ? `${opts.label}-` : ''}${stamp(opts.now ?? Date.now())}`;
  let file = path.join(dir, `${base}.db`);
  for (let i = 2; fs.existsSync(file); i++) file = path.join(dir, `${base}-${i}.db`);
  await db.backup(file);
  return info(file);
}

/** The default file name of a backup saved elsewhere (desktop save dialog). */
export const backupFileName = (now = Date.now()) => `yomimono-${stamp(now)}.db`;

/**
 * A consistent copy of the live database at `file` (a path the user chose). It is
 * written next to it first and renamed over it, so a failed copy never leaves
 * half a file, and an existing file is replaced whole (the save dialog asked).
 */
export async function backupToFile(db: Database.Database, file: string): Promise<BackupInfo> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await db.backup(tmp);
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return info(file);
}

export function listBackups(dir: string): BackupInfo[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.db'))
    .map((f) => info(path.join(dir, f)))
    .sort((a, b) => b.createdAt - a.createdAt || b.name.localeCompare(a.name));
}

const invalid = (message: string) => new AppError({ code: 'bad_request', message, status: 400 });

/** Tables every Yomimono database has from its first version on. */
const REQUIRED_TABLES = ['settings'];

/**
 * A backup is a file from anywhere: open it as untrusted input. better-sqlite3
 * already turns on SQLITE_DBCONFIG_DEFENSIVE for every connection (it is what
 * `unsafeMode()` turns off), so it is re-asserted here; `trusted_schema=OFF`
 * keeps the file's views, triggers and defaults from calling anything but
 * harmless functions; `cell_size_check` catches malformed pages early.
 */
export function hardenUntrusted(db: Database.Database): Database.Database {
  db.unsafeMode(false);
  db.pragma('trusted_schema = OFF');
  db.pragma('cell_size_check = ON');
  return db;
}

/** Read-only, query-only and hardened: how a backup is opened to be looked at. */
export function openUntrustedBackup(file: string, nativeBinding?: string): Database.Database {
  const db = new Database(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    hardenUntrusted(db);
    db.pragma('query_only = ON');
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * Checks that `file` is a Yomimono database this app can open: SQLite, intact,
 * not from a newer app, with our tables. Returns its schema version.
 */
export function validateBackup(file: string, migrations: readonly Migration[], nativeBinding?: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    throw invalid(`No backup file at ${file}.`);
  }
  if (!st.isFile()) throw invalid(`${file} is not a file.`);
  let db: Database.Database | undefined;
  try {
    db = openUntrustedBackup(file, nativeBinding);
    const version = db.pragma('user_version', { simple: true }) as number;
    const latest = migrations.at(-1)?.version ?? 0;
    if (version > latest) throw invalid(`The backup is from a newer Yomimono (schema ${version}; this app knows ${latest}). Update the app first.`);
    if (version < 1) throw invalid('The file is an SQLite database, but not a Yomimono one (no schema version).');
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw invalid(`The backup is damaged: ${String(check)}`);
    const tables = new Set(db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
    const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
    if (missing.length) throw invalid(`The file is not a Yomimono backup (missing ${missing.join(', ')}).`);
    return version;
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw invalid(`The file is not a readable database: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    db?.close();
  }
}

/** Plain tables to copy: not SQLite's own, not virtual tables nor their shadow tables (rebuilt instead). */
function copyableTables(db: Database.Database, schema: string): { tables: string[]; fts: string[] } {
  const rows = db
    .prepare<[], { name: string; sql: string | null }>(`SELECT name, sql FROM ${schema}.sqlite_master WHERE type = 'table' ORDER BY rowid`)
    .all();
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
  const tables = rows
    .filter((r) => !r.name.startsWith('sqlite_') && !virtual.includes(r.name) && !virtual.some((v) => r.name.startsWith(`${v}_`)))
    .map((r) => r.name);
  // Indexes to rebuild: FTS5 tables, not views over one (fts5vocab has no content of its own).
  const fts = rows.filter((r) => /\bUSING\s+fts5\s*\(/i.test(r.sql ?? '')).map((r) => r.name);
  return { tables, fts };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface RestoreOptions {
  migrations: readonly Migration[];
  nativeBinding?: string;
}

/**
 * Migrates `file` (a scratch copy) to this app's schema. The backup it copies was
 * just checked whole by `validateBackup`, so no second integrity check here.
 */
function migrateCopy(file: string, opts: RestoreOptions): void {
  let db: Database.Database | undefined;
  try {
    db = hardenUntrusted(new Database(file, opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}));
    db.pragma('foreign_keys = ON'); // as the live database migrates
    migrate(db, opts.migrations);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (e) {
    // Only an unreadable copy is the file's fault; anything else (a failing migration) stays as it is.
    throw isCorruption(e) ? invalid('The backup could not be read as a database.') : e;
  } finally {
    db?.close();
  }
}

/**
 * Replaces the live database's content with the backup's. `file` must have passed
 * `validateBackup` (the caller validates once, before keeping a copy of the live data).
 */
export function restoreInto(live: Database.Database, file: string, opts: RestoreOptions): void {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-restore-'));
  try {
    // Migrate a copy, never the user's file.
    const copy = path.join(tmp, DATABASE_FILE);
    fs.copyFileSync(file, copy);
    migrateCopy(copy, opts);

    // The copy is still the file's content: its schema runs nothing but harmless functions while attached.
    const trusted = live.pragma('trusted_schema', { simple: true });
    live.pragma('trusted_schema = OFF');
    live.prepare('ATTACH DATABASE ? AS restore_src').run(copy);
    try {
      const { tables, fts } = copyableTables(live, 'main');
      const source = new Set(copyableTables(live, 'restore_src').tables);
      live.transaction(() => {
        // Children and parents are replaced together; references are checked at commit.
        live.pragma('defer_foreign_keys = ON');
        for (const t of [...tables].reverse()) live.exec(`DELETE FROM main.${quote(t)}`);
        for (const t of tables) {
          if (!source.has(t)) continue;
          const cols = live
            .prepare<[string], string>("SELECT name FROM pragma_table_info(?, 'main')")
            .pluck()
            .all(t)
            .map(quote)
            .join(', ');
          live.exec(`INSERT INTO main.${quote(t)} (${cols}) SELECT ${cols} FROM restore_src.${quote(t)}`);
        }
        for (const v of fts) live.exec(`INSERT INTO main.${quote(v)} (${quote(v)}) VALUES ('rebuild')`);
      }).immediate();
    } finally {
      live.exec('DETACH DATABASE restore_src');
      live.pragma(`trusted_schema = ${trusted ? 'ON' : 'OFF'}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
