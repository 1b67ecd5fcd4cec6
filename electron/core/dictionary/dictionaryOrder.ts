/**
 * Which dictionaries are on and in what order they are looked up: kept in the app's
 * database (`dictionary_order`), or in memory where there is none (tests, tools).
 */
import type Database from 'better-sqlite3';

export interface OrderRow {
  id: string;
  enabled: boolean;
  position: number;
}

export interface DictionaryOrderStore {
  load(): OrderRow[];
  /** Replaces every row. */
  save(rows: readonly OrderRow[]): void;
}

export function memoryOrder(): DictionaryOrderStore {
  let rows: OrderRow[] = [];
  return { load: () => rows.map((r) => ({ ...r })), save: (r) => void (rows = r.map((x) => ({ ...x }))) };
}

export function databaseOrder(db: Database.Database): DictionaryOrderStore {
  const all = db.prepare('SELECT id, enabled, position FROM dictionary_order ORDER BY position');
  const clear = db.prepare('DELETE FROM dictionary_order');
  const put = db.prepare('INSERT INTO dictionary_order VALUES (?, ?, ?)');
  const save = db.transaction((rows: readonly OrderRow[]) => {
    clear.run();
    for (const r of rows) put.run(r.id, r.enabled ? 1 : 0, r.position);
  });
  return {
    load: () => (all.all() as { id: string; enabled: number; position: number }[]).map((r) => ({ id: r.id, enabled: r.enabled === 1, position: r.position })),
    save: (rows) => save(rows),
  };
}
