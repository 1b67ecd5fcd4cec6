import { describe, expect, it } from 'vitest';
import { addDays, streaks } from '../../../electron/core/review/days';
import { ReviewService, type StarInput } from '../../../electron/core/review/reviewService';
import { memoryDb } from '../../support/memoryDb';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const T0 = Date.UTC(2026, 2, 1, 9, 0, 0); // 09:00 UTC

/** A service on a clock the test moves; days are UTC days so the test is the same in every time zone. */
function setup() {
  const db = memoryDb();
  const clock = { now: T0 };
  const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const review = new ReviewService(db, {
    now: () => clock.now,
    dayOf: utcDay,
    endOfDay: (ms) => Date.parse(`${utcDay(ms)}T00:00:00Z`) + DAY,
  });
  return { db, clock, review };
}

const word: StarInput = { kind: 'word', word: '猫', reading: 'ねこ', meaning: 'cat', sentence: '猫が好きです。', translation: 'I like cats.' };
const sentence: StarInput = { kind: 'sentence', word: '', reading: 'ねこがすきです。', meaning: '', sentence: '猫が好きです。', translation: 'I like cats.' };

describe('ReviewService (FSRS on an injected clock)', () => {
  it('a starred card is new and due at once, with a longer interval for each better grade', () => {
    const { review } = setup();
    const card = review.star(word);
    expect(card).toMatchObject({ kind: 'word', word: '猫', state: 'new', due: T0, reps: 0 });
    const due = review.due(10);
    expect(due.dueCount).toBe(1);
    const iv = due.cards[0]!.intervals;
    expect(iv[1]).toBe(1 * MIN); // Again: the first learning step
    expect(iv[3]).toBe(10 * MIN); // Good: the second step
    expect(iv[1]).toBeLessThan(iv[2]);
    expect(iv[2]).toBeLessThan(iv[3]);
    expect(iv[3]).toBeLessThan(iv[4]);
    expect(iv[4]).toBeGreaterThanOrEqual(DAY); // Easy graduates at once
  });

  it('Good moves a new card through learning into review; Again makes a lapse', () => {
    const { clock, review } = setup();
    const { id } = review.star(word);
    let r = review.grade(id, 3);
    expect(r.card).toMatchObject({ state: 'learning', due: T0 + 10 * MIN, reps: 1, lastReview: T0 });
    expect(review.due(10).dueCount).toBe(0);
    clock.now += 10 * MIN;
    expect(review.due(10).cards.map((c) => c.id)).toEqual([id]);
    r = review.grade(id, 3);
    expect(r.card.state).toBe('review');
    const interval = r.card.due - clock.now;
    expect(interval).toBeGreaterThanOrEqual(DAY);
    clock.now = r.card.due;
    r = review.grade(id, 1);
    expect(r.card).toMatchObject({ state: 'relearning', lapses: 1, reps: 3 });
    expect(r.card.due - clock.now).toBeLessThan(DAY);
  });

  it('the same schedule for the same history (deterministic, no fuzz)', () => {
    const a = setup();
    const b = setup();
    for (const s of [a, b]) {
      const { id } = s.review.star(word);
      for (const g of [3, 3, 4, 2] as const) {
        const next = s.review.grade(id, g).card.due;
        s.clock.now = next;
      }
    }
    expect(a.review.select()[0]!.due).toBe(b.review.select()[0]!.due);
  });

  it('starring again keeps the card and its schedule and fills in new content', () => {
    const { clock, review } = setup();
    const first = review.star({ ...word, meaning: '' });
    review.grade(first.id, 3);
    clock.now += MIN;
    const again = review.star({ ...word, sentence: '別の文の猫。', meaning: 'cat (animal)' });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ meaning: 'cat (animal)', sentence: '猫が好きです。', reps: 1, state: 'learning' });
    expect(review.count()).toBe(1);
  });

  it('a sentence card keeps the word it is for (an i+1 sentence), and stays the same card whatever the word', () => {
    const { review } = setup();
    const s = review.star({ ...sentence, word: '猫' });
    expect(s).toMatchObject({ kind: 'sentence', word: '猫', sentence: '猫が好きです。' });
    expect(review.idOf({ kind: 'sentence', sentence: '猫が好きです。' })).toBe(s.id);
  });

  it('a word and a sentence are different cards; isStarred and unstar by id or identity', () => {
    const { review } = setup();
    const w = review.star(word);
    const s = review.star(sentence);
    expect(w.id).not.toBe(s.id);
    expect(review.idOf({ kind: 'word', word: '猫' })).toBe(w.id);
    expect(review.idOf({ kind: 'sentence', sentence: ' 猫が好きです。\n' })).toBe(s.id);
    expect(review.unstar({ kind: 'word', word: '猫' })).toBe(true);
    expect(review.unstar(s.id)).toBe(true);
    expect(review.unstar(s.id)).toBe(false);
    expect(review.count()).toBe(0);
  });

  it('counts today, keeps the log after unstarring, and tracks the streak across days', () => {
    const { clock, review } = setup();
    const a = review.star(word).id;
    const b = review.star(sentence).id;
    review.grade(a, 1);
    review.grade(b, 3);
    let s = review.stats();
    expect(s.today).toEqual({ reviewed: 2, again: 1, learned: 2 });
    expect(s.streak).toBe(1);
    expect(s.total).toBe(2);
    expect(s.byState.learning).toBe(2);
    expect(s.dueToday).toBe(2); // both come back within minutes
    expect(s.days).toHaveLength(30);
    expect(s.days.at(-1)).toEqual({ day: '2026-03-01', count: 2 });

    clock.now += DAY; // the next day: yesterday's streak still counts until a review today
    expect(review.stats().streak).toBe(1);
    expect(review.stats().today.reviewed).toBe(0);
    review.grade(a, 3);
    expect(review.stats().streak).toBe(2);

    review.unstar(a);
    s = review.stats();
    expect(s.today.reviewed).toBe(1); // the log stays
    clock.now += 2 * DAY; // a day missed
    expect(review.stats()).toMatchObject({ streak: 0, longestStreak: 2 });
  });

  it('grading an unknown card is not_found', () => {
    const { review } = setup();
    expect(() => review.grade(42, 3)).toThrow(/no card 42/);
  });
});

describe('streaks', () => {
  it('counts runs of consecutive days', () => {
    expect(streaks([], '2026-03-10')).toEqual({ current: 0, longest: 0 });
    expect(streaks(['2026-03-08', '2026-03-09', '2026-03-10'], '2026-03-10')).toEqual({ current: 3, longest: 3 });
    expect(streaks(['2026-03-08', '2026-03-09'], '2026-03-10')).toEqual({ current: 2, longest: 2 });
    expect(streaks(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-09'], '2026-03-10')).toEqual({ current: 1, longest: 3 });
    expect(streaks(['2026-03-07'], '2026-03-10')).toEqual({ current: 0, longest: 1 });
  });

  it('steps over month and year ends and DST changes', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(streaks(['2025-12-31', '2026-01-01'], '2026-01-01').current).toBe(2);
  });
});
