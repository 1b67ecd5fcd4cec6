import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../electron/core/store/migrations';
import { migrate } from '../../electron/core/store/migrator';

/** An in-memory database at the latest schema, with the app's foreign-key setting. */
export function memoryDb(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS);
  return db;
}
