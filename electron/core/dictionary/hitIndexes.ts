/**
 * Covering indexes for a lookup's hits: the few columns a hit needs (score, word classes, common,
 * readings) beside the entry's id, so that finding a form's entries reads a compact index rather
 * than each entry's row (kilobytes of senses or structured content, one page or more apiece: a
 * first-time lookup touched a page per hit). A file built before them gets them the first time it
 * is opened; one that cannot be written (a read-only disk) is read without them, as before.
 */
import Database from 'better-sqlite3';

export interface HitIndex {
  name: string;
  /** `CREATE INDEX IF NOT EXISTS …`. */
  sql: string;
}

export function hasIndex(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(name) !== undefined;
}

/**
 * `db` (opened read-only) when it has every index; otherwise it is closed, the missing indexes
 * are built through a read-write connection, and the file is opened read-only again.
 */
export function withHitIndexes(db: Database.Database, file: string, indexes: readonly HitIndex[], options: Database.Options): Database.Database {
  if (indexes.every((i) => hasIndex(db, i.name))) return db;
  db.close();
  try {
    const rw = new Database(file, { fileMustExist: true, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
    try {
      rw.transaction(() => {
        for (const i of indexes) rw.exec(i.sql);
      })();
    } finally {
      rw.close();
    }
  } catch {
    // Read without them: the statements ask for an index only when it is there.
  }
  return new Database(file, options);
}

/**
 * A dictionary file opened read-only. An index build cut short (the app stopped during it) leaves
 * a hot journal, which a read-only connection cannot roll back ("attempt to write a readonly
 * database"): a read-write connection rolls it back first, leaving the file as it was before.
 */
export function openReadOnly(file: string, options: Database.Options): Database.Database {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, options);
    db.pragma('user_version', { simple: true });
    return db;
  } catch (e) {
    db?.close();
    if ((e as { code?: unknown }).code !== 'SQLITE_READONLY_ROLLBACK') throw e;
    const rw = new Database(file, { fileMustExist: true, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
    try {
      rw.pragma('user_version', { simple: true });
    } finally {
      rw.close();
    }
    return new Database(file, options);
  }
}
