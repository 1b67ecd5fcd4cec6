import type Database from 'better-sqlite3';
import type { CoverageIndex } from './coverageIndex';

/** Each book's coverage index in SQLite (migration 13), valid while its key matches. */
export class CoverageCache {
  private readonly getQ;
  private readonly putQ;

  constructor(db: Database.Database) {
    this.getQ = db.prepare<[number], { content_key: string; data: string }>('SELECT content_key, data FROM book_coverage WHERE book_id = ?');
    this.putQ = db.prepare<[number, string, string, number]>(
      `INSERT INTO book_coverage (book_id, content_key, data, built_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (book_id) DO UPDATE SET content_key = excluded.content_key, data = excluded.data, built_at = excluded.built_at`,
    );
  }

  get(bookId: number, key: string): CoverageIndex | undefined {
    const row = this.getQ.get(bookId);
    if (!row || row.content_key !== key) return undefined;
    try {
      return JSON.parse(row.data) as CoverageIndex;
    } catch {
      return undefined; // a damaged row is rebuilt
    }
  }

  put(bookId: number, key: string, index: CoverageIndex, now = Date.now()): void {
    this.putQ.run(bookId, key, JSON.stringify(index), now);
  }
}
