import type Database from 'better-sqlite3';

/** Raw key → JSON rows of the settings table. */
export class SettingsRepo {
  private readonly selectAll;
  private readonly upsert;
  private readonly selectOne;

  constructor(private readonly db: Database.Database) {
    this.selectAll = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
    this.selectOne = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
    this.upsert = db.prepare<[string, string, number]>(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    );
  }

  all(): Map<string, unknown> {
    const out = new Map<string, unknown>();
    for (const row of this.selectAll.all()) {
      try {
        out.set(row.key, JSON.parse(row.value));
      } catch {
        // A damaged value is ignored; its default applies and the next save replaces it.
      }
    }
    return out;
  }

  get(key: string): unknown {
    const row = this.selectOne.get(key);
    if (!row) return undefined;
    try {
      return JSON.parse(row.value);
    } catch {
      return undefined;
    }
  }

  setMany(entries: Record<string, unknown>): void {
    const now = Date.now();
    this.db.transaction(() => {
      for (const [k, v] of Object.entries(entries)) this.upsert.run(k, JSON.stringify(v), now);
    })();
  }
}
