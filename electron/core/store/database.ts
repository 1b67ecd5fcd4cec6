import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';
import type { Migration } from './migrations/types';
import { DatabaseTooNewError, migrate, schemaVersion } from './migrator';

export const DATABASE_FILE = 'yomimono.db';

export interface StoreNotice {
  kind: 'database-recovered';
  /** Where the unreadable file was moved. */
  movedTo: string;
  reason: string;
}

export interface OpenedDatabase {
  db: Database.Database;
  file: string;
  notices: StoreNotice[];
}

export interface OpenOptions {
  dir: string;
  /** better-sqlite3's `nativeBinding`: the Electron-ABI build when running inside Electron. */
  nativeBinding?: string;
  migrations?: readonly Migration[];
  now?: () => Date;
}

// Not SQLITE_CANTOPEN: a permission or path problem says nothing about the file's content.
const CORRUPT_CODES = ['SQLITE_NOTADB', 'SQLITE_CORRUPT'];

/** SQLite's errors for a file that is not (or no longer) a readable database. */
export function isCorruption(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CORRUPT_CODES.some((c) => code.startsWith(c));
}

/** The database could not be opened at all (permissions, a folder in its place, a missing drive): nothing was moved. */
export class DatabaseUnavailableError extends Error {
  constructor(
    readonly file: string,
    readonly code: string,
    reason: string,
  ) {
    super(`Cannot open the database at ${file} (${code}: ${reason}). Check that the folder exists and is readable and writable; nothing was changed.`);
    this.name = 'DatabaseUnavailableError';
  }
}

const isCantOpen = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_CANTOPEN');
};

function connect(file: string, nativeBinding: string | undefined, migrations: readonly Migration[]): Database.Database {
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  try {
    // Refuse a newer database before anything (even the journal mode) writes to it.
    const found = schemaVersion(db);
    const supported = migrations.at(-1)?.version ?? 0;
    if (found > supported) throw new DatabaseTooNewError(found, supported);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw Object.assign(new Error(`integrity check failed: ${String(check)}`), { code: 'SQLITE_CORRUPT' });
    migrate(db, migrations);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Timestamp safe in a file name on every OS. */
function stamp(d: Date): string {
  return d.toISOString().replace(/[:.]/g, '-');
}

/**
 * Opens (and migrates) the app database. An unreadable file is moved aside with
 * its WAL and SHM companions, never deleted, and a fresh database takes its place.
 * A database newer than the app is refused untouched.
 */
export function openDatabase(opts: OpenOptions): OpenedDatabase {
  const migrations = opts.migrations ?? MIGRATIONS;
  fs.mkdirSync(opts.dir, { recursive: true });
  const file = path.join(opts.dir, DATABASE_FILE);
  try {
    return { db: connect(file, opts.nativeBinding, migrations), file, notices: [] };
  } catch (e) {
    if (isCantOpen(e)) throw new DatabaseUnavailableError(file, String((e as { code: string }).code), e instanceof Error ? e.message : String(e));
    if (e instanceof DatabaseTooNewError || !isCorruption(e)) throw e;
    const movedTo = `${file}.corrupt-${stamp((opts.now ?? (() => new Date()))())}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, movedTo + suffix);
    }
    const reason = e instanceof Error ? e.message : String(e);
    return {
      db: connect(file, opts.nativeBinding, migrations),
      file,
      notices: [{ kind: 'database-recovered', movedTo, reason }],
    };
  }
}
