/**
 * A dictionary file's entries as a lookup reads them: one by id, or a lookup's dozen in one
 * statement (prefetch) ahead of the entry() calls that follow. Bounded: past 2,000 it starts over.
 */
import type Database from 'better-sqlite3';

const MAX_ENTRIES = 2_000;

export class EntryCache<Row extends { id: number }, Entry> {
  private readonly cache = new Map<number, Entry>();

  constructor(
    private readonly byId: Database.Statement<[number], Row>,
    /** The rows whose ids are in a JSON array (`json_each`). */
    private readonly byIds: Database.Statement<[string], Row>,
    private readonly decode: (row: Row) => Entry,
  ) {}

  get(id: number): Entry | null {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const r = this.byId.get(id);
    return r ? this.keep(r) : null;
  }

  prefetch(ids: readonly number[]): void {
    const wanted = ids.filter((id) => !this.cache.has(id));
    if (wanted.length < 2) return;
    if (this.cache.size + wanted.length > MAX_ENTRIES) this.cache.clear();
    for (const r of this.byIds.all(JSON.stringify(wanted))) this.keep(r);
  }

  private keep(r: Row): Entry {
    const e = this.decode(r);
    if (this.cache.size > MAX_ENTRIES) this.cache.clear();
    this.cache.set(r.id, e);
    return e;
  }
}
