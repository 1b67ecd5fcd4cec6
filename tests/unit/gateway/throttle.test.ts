import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { AppError } from '../../../shared/result';
import { openDatabase } from '../../../electron/core/store/database';
import { MIGRATIONS } from '../../../electron/core/store/migrations';
import { schemaVersion } from '../../../electron/core/store/migrator';
import { FreeModelThrottle } from '../../../electron/core/gateway/throttle';

const FREE = 'meta-llama/llama-3.3-70b-instruct:free';
const DAY_START = Date.parse('2025-06-10T00:00:00Z');

let dir: string;
let db: Database.Database;
let t: number;
const now = (): number => t;

function open(): Database.Database {
  return openDatabase({ dir }).db;
}

function caught(fn: () => void): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-throttle-'));
  db = open();
  t = DAY_START + 10 * 3_600_000;
});

afterEach(() => {
  if (db.open) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('migration 0002', () => {
  it('is registered as version 2 and creates the table', () => {
    expect(MIGRATIONS.map((m) => m.version).slice(0, 2)).toEqual([1, 2]);
    expect(MIGRATIONS[1]?.name).toBe('free_model_throttle');
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(2);
    const cols = db.prepare("SELECT name FROM pragma_table_info('free_model_requests')").all() as Array<{ name: string }>;
    expect(cols.map((c) => c.name)).toEqual(['id', 'model', 'at']);
  });
});

describe('free-model throttle', () => {
  it('allows 20 requests per minute and refuses the 21st with the time of the next slot', () => {
    const th = new FreeModelThrottle(db, { now });
    const first = t;
    for (let i = 0; i < 20; i++) {
      th.acquire(FREE);
      t += 1_000;
    }
    const e = caught(() => th.acquire(FREE));
    expect(e.data.code).toBe('free_model_limit');
    expect(e.data.resetAt).toBe(first + 60_000);
    expect(e.data.retryAfterMs).toBe(first + 60_000 - t);
    expect(e.data.details).toMatchObject({ window: 'minute', limit: 20, model: FREE });
    expect(e.data.message).toMatch(/next slot in 40 s/);
    // a refused call takes no slot
    expect(th.status().minute.used).toBe(20);
    t = first + 60_000;
    expect(() => th.acquire(FREE)).not.toThrow();
  });

  it('leaves paid models alone and does not count them', () => {
    const th = new FreeModelThrottle(db, { now, limits: { perMinute: 1 } });
    for (let i = 0; i < 5; i++) th.acquire('google/gemini-2.5-flash');
    expect(th.status().minute.used).toBe(0);
    expect(th.check('google/gemini-2.5-flash')).toEqual({ allowed: true });
  });

  it('allows 50 per UTC day on the free tier and then waits for midnight', () => {
    const th = new FreeModelThrottle(db, { now });
    for (let i = 0; i < 50; i++) {
      th.acquire(FREE);
      t += 4_000; // 15 per minute: the minute limit never bites
    }
    const e = caught(() => th.acquire(FREE));
    expect(e.data.details).toMatchObject({ window: 'day', limit: 50 });
    expect(e.data.resetAt).toBe(DAY_START + 86_400_000);
    t = DAY_START + 86_400_000;
    expect(() => th.acquire(FREE)).not.toThrow();
    expect(th.status().day.used).toBe(1);
  });

  it('allows 1000 per day once the account is no longer free tier', () => {
    const th = new FreeModelThrottle(db, { now });
    th.setFreeTier(false);
    expect(th.dailyLimit).toBe(1000);
    for (let i = 0; i < 60; i++) {
      th.acquire(FREE);
      t += 4_000;
    }
    expect(th.status().day).toMatchObject({ used: 60, limit: 1000, nextSlotAt: null });
    th.setFreeTier(true);
    expect(caught(() => th.acquire(FREE)).data.details).toMatchObject({ window: 'day', limit: 50 });
  });

  it('counts requests just before midnight in the minute but not in the new day', () => {
    const th = new FreeModelThrottle(db, { now, limits: { perMinute: 3, perDayFreeTier: 3 } });
    t = DAY_START + 86_400_000 - 10_000; // 23:59:50
    th.acquire(FREE);
    th.acquire(FREE);
    th.acquire(FREE);
    t = DAY_START + 86_400_000 + 5_000; // 00:00:05 next day
    const s = th.status();
    expect(s.day.used).toBe(0);
    expect(s.minute.used).toBe(3);
    const e = caught(() => th.acquire(FREE));
    expect(e.data.details).toMatchObject({ window: 'minute' });
    expect(e.data.resetAt).toBe(DAY_START + 86_400_000 + 50_000);
  });

  it('survives a restart: the allowance is read back from SQLite', () => {
    const th = new FreeModelThrottle(db, { now, limits: { perMinute: 5 } });
    for (let i = 0; i < 5; i++) th.acquire(FREE);
    db.close();
    db = open();
    const again = new FreeModelThrottle(db, { now, limits: { perMinute: 5 } });
    const e = caught(() => again.acquire(FREE));
    expect(e.data.code).toBe('free_model_limit');
    expect(again.status().minute.used).toBe(5);
  });

  it('prunes rows that no window needs any more', () => {
    const th = new FreeModelThrottle(db, { now });
    th.acquire(FREE);
    t += 2 * 86_400_000;
    th.acquire(FREE);
    const n = db.prepare('SELECT COUNT(*) AS n FROM free_model_requests').get() as { n: number };
    expect(n.n).toBe(1);
  });

  it('check() reports without taking a slot', () => {
    const th = new FreeModelThrottle(db, { now, limits: { perMinute: 1 } });
    expect(th.check(FREE)).toEqual({ allowed: true });
    expect(th.status().minute.used).toBe(0);
    th.acquire(FREE);
    expect(th.check(FREE)).toMatchObject({ allowed: false, window: 'minute', retryAfterMs: 60_000 });
  });
});
