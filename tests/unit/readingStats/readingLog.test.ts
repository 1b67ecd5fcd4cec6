import { describe, expect, it } from 'vitest';
import { ReadingLog, learntPerDay, MAX_READ_GAP_MS, MAX_READ_STEP } from '../../../electron/core/readingStats/readingLog';
import { WordKnowledge } from '../../../electron/core/knowledge/wordKnowledge';
import { memoryDb } from '../../support/memoryDb';

const at = (day: number, h: number, m = 0) => new Date(2026, 10, day, h, m).getTime();

function setup() {
  const db = memoryDb();
  for (const [id, title] of [[1, '猫'], [2, '犬']] as const) {
    db.prepare("INSERT INTO books (id, title, format, file_name, file_hash, chars, added_at) VALUES (?, ?, 'text', 'x', 'h', 100000, 0)").run(id, title);
  }
  const knowledge = new WordKnowledge(db);
  return { db, knowledge, log: new ReadingLog({ db, learntPerDay: (from) => learntPerDay(knowledge, from) }) };
}

describe('reading log', () => {
  it('counts the position moving forward and the time between saves; not jumps, going back, or time away', () => {
    const { log } = setup();
    log.record(1, 1000, at(27, 10)); // first save of the book: a starting point, nothing read yet
    log.record(1, 1600, at(27, 10, 3)); // 600 chars in 3 min
    log.record(1, 1500, at(27, 10, 4)); // back a page: time, no characters
    log.record(1, 1500 + MAX_READ_STEP + 1, at(27, 10, 5)); // a jump (contents): neither
    log.record(1, 8000, at(27, 10, 5) + MAX_READ_GAP_MS + 1); // away, then a page: characters, no time
    const s = log.stats(7, 3000, at(27, 23));
    expect(s.today).toMatchObject({ day: '2026-11-27', chars: 600 + (8000 - (1500 + MAX_READ_STEP + 1)), ms: 4 * 60_000 });
    expect(s.totals.charsPerHour).toBe(Math.round((s.today.chars * 3_600_000) / s.today.ms));
    expect(s.books).toEqual([{ bookId: 1, title: '猫', chars: s.today.chars, ms: s.today.ms }]);
    expect(s.days).toHaveLength(7);
    expect(s.days[0]!.day).toBe('2026-11-21');
  });

  it('keeps days and books apart; the streak counts the days the goal was reached', () => {
    const { log } = setup();
    const read = (book: number, day: number, chars: number) => {
      log.record(book, 0, at(day, 9));
      log.record(book, chars, at(day, 9, 5));
      // The next day starts from 0 again: jumps back are not reading.
    };
    read(1, 24, 3000);
    read(1, 25, 3500);
    read(2, 26, 1000);
    read(1, 26, 2500); // 3,500 on the 26th across two books
    const s = log.stats(5, 3000, at(26, 20));
    expect(s.days.map((d) => d.chars)).toEqual([0, 0, 3000, 3500, 3500]);
    expect(s.streak).toEqual({ current: 3, longest: 3 });
    expect(s.books.map((b) => [b.title, b.chars])).toEqual([['猫', 9000], ['犬', 1000]]);
    // A higher goal: only the days above it.
    expect(log.stats(5, 3200, at(26, 20)).streak).toEqual({ current: 2, longest: 2 });
  });

  it('words learnt per day are the words that became known, each once', () => {
    const { log, knowledge } = setup();
    const now = Date.now();
    knowledge.setStatus([{ term: '猫', reading: 'ねこ', status: 'known' }, { term: '犬', reading: 'いぬ', status: 'learning' }], 'mark');
    knowledge.setStatus([{ term: '犬', reading: 'いぬ', status: 'known' }], 'mark');
    const s = log.stats(1, 3000, now);
    expect(s.today.learnt).toBe(2);
  });
});
