/**
 * Reading statistics from the reading position: each saved position of a book is compared
 * with the one before. Moving forward by a few pages is reading (those characters count);
 * a jump (contents, a bookmark, search) is not. The time between two saves counts as
 * reading unless the learner was away (a long gap) or jumped.
 */
import type Database from 'better-sqlite3';
import type { ReadingDay, ReadingStats } from '../../../shared/contract/stats';
import { addDays, localDay, streaks } from '../review/days';

/** Farther than this in one move is a jump, not reading (about ten pages of a paperback). */
export const MAX_READ_STEP = 6_000;
/** A longer pause between two saves is time away, not reading. */
export const MAX_READ_GAP_MS = 10 * 60_000;

export interface ReadingLogDeps {
  db: Database.Database;
  /** Words that became known, per local day, from `fromMs` on (word knowledge's history). */
  learntPerDay?: (fromMs: number) => Map<string, number>;
}

export class ReadingLog {
  private readonly q;

  constructor(private readonly deps: ReadingLogDeps) {
    const { db } = deps;
    this.q = {
      last: db.prepare<[number], { at: number; position: number }>('SELECT at, position FROM reading_last WHERE book_id = ?'),
      setLast: db.prepare<[number, number, number]>(
        'INSERT INTO reading_last (book_id, at, position) VALUES (?, ?, ?) ON CONFLICT (book_id) DO UPDATE SET at = excluded.at, position = excluded.position',
      ),
      add: db.prepare<[string, number, number, number]>(
        `INSERT INTO reading_days (day, book_id, chars, ms) VALUES (?, ?, ?, ?)
         ON CONFLICT (day, book_id) DO UPDATE SET chars = chars + excluded.chars, ms = ms + excluded.ms`,
      ),
      days: db.prepare<[string], { day: string; chars: number; ms: number }>('SELECT day, SUM(chars) AS chars, SUM(ms) AS ms FROM reading_days WHERE day >= ? GROUP BY day'),
      goalDays: db.prepare<[number], { day: string }>('SELECT day FROM reading_days GROUP BY day HAVING SUM(chars) >= ?'),
      books: db.prepare<[string], { bookId: number; title: string; chars: number; ms: number }>(
        `SELECT r.book_id AS bookId, COALESCE(b.title, '') AS title, SUM(r.chars) AS chars, SUM(r.ms) AS ms
           FROM reading_days r LEFT JOIN books b ON b.id = r.book_id WHERE r.day >= ? GROUP BY r.book_id ORDER BY chars DESC`,
      ),
    };
  }

  /** The book's position is now `position` characters in (the same count as the book's progress). */
  record(bookId: number, position: number, now = Date.now()): void {
    this.deps.db.transaction(() => {
      const last = this.q.last.get(bookId);
      if (last) {
        const step = position - last.position;
        const gap = now - last.at;
        const jumped = Math.abs(step) > MAX_READ_STEP;
        const chars = step > 0 && !jumped ? step : 0;
        const ms = !jumped && gap > 0 && gap <= MAX_READ_GAP_MS ? gap : 0;
        if (chars > 0 || ms > 0) this.q.add.run(localDay(now), bookId, chars, ms);
      }
      this.q.setLast.run(bookId, now, position);
    })();
  }

  /** The last `days` days ending today, the books read in them, the goal, the streak. */
  stats(days: number, goal: number, now = Date.now()): ReadingStats {
    const today = localDay(now);
    const from = addDays(today, -(days - 1));
    const byDay = new Map(this.q.days.all(from).map((r) => [r.day, r]));
    const [y, m, d] = from.split('-').map(Number) as [number, number, number];
    const learnt = this.deps.learntPerDay?.(new Date(y, m - 1, d).getTime()) ?? new Map<string, number>();
    const list: ReadingDay[] = [];
    for (let i = 0; i < days; i++) {
      const day = addDays(from, i);
      const r = byDay.get(day);
      list.push({ day, chars: r?.chars ?? 0, ms: r?.ms ?? 0, learnt: learnt.get(day) ?? 0 });
    }
    const chars = list.reduce((n, x) => n + x.chars, 0);
    const ms = list.reduce((n, x) => n + x.ms, 0);
    return {
      days: list,
      books: this.q.books.all(from),
      today: list.at(-1)!,
      goal,
      streak: streaks(this.q.goalDays.all(goal).map((r) => r.day), today),
      totals: { chars, ms, charsPerHour: ms > 0 ? Math.round((chars * 3_600_000) / ms) : 0 },
    };
  }
}

/** Words that became `known` per local day from `from` on (each word once a day), from word knowledge's history. */
export function learntPerDay(knowledge: { changes(from: number): Array<{ term: string; reading: string; status: string; previous: string; changedAt: number }> }, from: number): Map<string, number> {
  const seen = new Set<string>();
  const out = new Map<string, number>();
  for (const c of knowledge.changes(from)) {
    if (c.status !== 'known' || c.previous === 'known') continue;
    const day = localDay(c.changedAt);
    const id = `${day}\t${c.term}\t${c.reading}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.set(day, (out.get(day) ?? 0) + 1);
  }
  return out;
}
