import type Database from 'better-sqlite3';
import type { Migration } from './migrations/types';

export class DatabaseTooNewError extends Error {
  constructor(readonly found: number, readonly supported: number) {
    super(`The database is at schema version ${found}, newer than this app supports (${supported}). Update Yomimono to open it.`);
    this.name = 'DatabaseTooNewError';
  }
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the schema up to the newest migration. All pending steps run in one
 * transaction, so a failure leaves the database exactly as it was.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): { from: number; to: number } {
  assertOrdered(migrations);
  const latest = migrations.at(-1)?.version ?? 0;
  const from = schemaVersion(db);
  if (from > latest) throw new DatabaseTooNewError(from, latest);
  const pending = migrations.filter((m) => m.version > from);
  if (pending.length === 0) return { from, to: from };
  db.transaction(() => {
    for (const m of pending) m.up(db);
    // user_version cannot be bound as a parameter; `latest` is a checked integer.
    db.pragma(`user_version = ${latest}`);
  }).immediate();
  return { from, to: latest };
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
}
