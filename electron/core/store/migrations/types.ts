import type Database from 'better-sqlite3';

/** One schema version. `up` runs inside the runner's transaction: never open another one. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}
