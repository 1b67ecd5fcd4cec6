import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { ANSWER_KINDS, type AnswerKind } from '../../../shared/contract/library';

const TOUCH_EVERY_MS = 60_000;

export interface KindSize {
  entries: number;
  bytes: number;
}

/**
 * Model answers (analyses, translations, explanations, OCR text) as JSON in SQLite.
 * Every read is validated: a row that is not JSON or not the expected shape is
 * deleted and reported as a miss, so the caller fetches it again instead of
 * showing something broken.
 */
export class AnswerCache {
  private readonly select;
  private readonly touch;
  private readonly upsert;
  private readonly remove;
  private readonly sizes;
  private readonly clearKind;
  /** Rows dropped because they failed validation (diagnostics, tests). */
  dropped = 0;

  constructor(private readonly db: Database.Database, private readonly now: () => number = Date.now) {
    this.select = db.prepare<[string], { json: string; kind: string }>('SELECT json, kind FROM answer_cache WHERE key = ?');
    // Recency is kept to the minute: a hit read again and again does not write every time.
    this.touch = db.prepare<[number, string, number]>('UPDATE answer_cache SET last_used_at = ? WHERE key = ? AND last_used_at < ?');
    this.upsert = db.prepare<{ key: string; kind: string; json: string; bytes: number; now: number }>(
      `INSERT INTO answer_cache (key, kind, json, bytes, created_at, last_used_at) VALUES (@key, @kind, @json, @bytes, @now, @now)
       ON CONFLICT(key) DO UPDATE SET kind = excluded.kind, json = excluded.json, bytes = excluded.bytes,
         created_at = excluded.created_at, last_used_at = excluded.last_used_at`,
    );
    this.remove = db.prepare<[string]>('DELETE FROM answer_cache WHERE key = ?');
    this.sizes = db.prepare<[], { kind: string; entries: number; bytes: number }>(
      'SELECT kind, count(*) AS entries, coalesce(sum(bytes), 0) AS bytes FROM answer_cache GROUP BY kind',
    );
    this.clearKind = db.prepare<[string]>('DELETE FROM answer_cache WHERE kind = ?');
  }

  /** The stored answer if it is still valid for `schema` and of `kind`; else undefined (and a broken row is gone). */
  get<T>(key: string, kind: AnswerKind, schema: z.ZodType<T>): T | undefined {
    const row = this.select.get(key);
    if (!row) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(row.json);
    } catch {
      return this.drop(key);
    }
    const parsed = row.kind === kind ? schema.safeParse(value) : undefined;
    if (!parsed?.success) return this.drop(key);
    const now = this.now();
    this.touch.run(now, key, now - TOUCH_EVERY_MS);
    return parsed.data;
  }

  /** Stores (or replaces: `refresh`) an answer. */
  put(key: string, kind: AnswerKind, value: unknown): void {
    const json = JSON.stringify(value);
    this.upsert.run({ key, kind, json, bytes: Buffer.byteLength(json), now: this.now() });
  }

  delete(key: string): void {
    this.remove.run(key);
  }

  sizeByKind(): Record<AnswerKind, KindSize> {
    const out = Object.fromEntries(ANSWER_KINDS.map((k) => [k, { entries: 0, bytes: 0 }])) as Record<AnswerKind, KindSize>;
    for (const r of this.sizes.all()) {
      if ((ANSWER_KINDS as readonly string[]).includes(r.kind)) out[r.kind as AnswerKind] = { entries: r.entries, bytes: r.bytes };
    }
    return out;
  }

  clear(kind?: AnswerKind): void {
    if (kind) this.clearKind.run(kind);
    else this.db.exec('DELETE FROM answer_cache');
  }

  private drop(key: string): undefined {
    this.remove.run(key);
    this.dropped++;
    return undefined;
  }
}
