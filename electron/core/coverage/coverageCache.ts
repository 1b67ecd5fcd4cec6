import type Database from 'better-sqlite3';
import type { CoverageIndex } from './coverageIndex';

/** Each book's coverage index in SQLite (`book_coverage`), valid while its key matches. */
export class CoverageCache {
  private q?: { get: Database.Statement<[number], { content_key: string; data: string }>; put: Database.Statement<[number, string, string, number]> };

  constructor(private readonly db: Database.Database) {}

  /** Prepared on first use: the core is built before anyone asks for coverage. */
  private get queries() {
    this.q ??= {
      get: this.db.prepare<[number], { content_key: string; data: string }>('SELECT content_key, data FROM book_coverage WHERE book_id = ?'),
      put: this.db.prepare<[number, string, string, number]>(
        `INSERT INTO book_coverage (book_id, content_key, data, built_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (book_id) DO UPDATE SET content_key = excluded.content_key, data = excluded.data, built_at = excluded.built_at`,
      ),
    };
    return this.q;
  }

  get(bookId: number, key: string): CoverageIndex | undefined {
    const row = this.queries.get.get(bookId);
    if (!row || row.content_key !== key) return undefined;
    try {
      return JSON.parse(row.data) as CoverageIndex;
    } catch {
      return undefined; // a damaged row is rebuilt
    }
  }

  put(bookId: number, key: string, index: CoverageIndex, now = Date.now()): void {
    this.queries.put.run(bookId, key, JSON.stringify(index), now);
  }
}
