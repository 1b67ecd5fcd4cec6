import type Database from 'better-sqlite3';
import type { DailySentence } from '../../../shared/domain';
import { AppError } from '../../../shared/result';
import { japanDate } from './japanDate';
import { DailySentenceSchema, dailyProblem, toDailySentence } from './validateDaily';

/** Asks the model for a sentence; `problem` says what was wrong with the previous attempt. */
export type DailyGenerator = (date: string, problem: string | undefined, signal: AbortSignal) => Promise<unknown>;

/**
 * One sentence per Japan date, generated once, validated, stored. Concurrent
 * requests for the same date share one generation.
 */
export class DailyService {
  private readonly inflight = new Map<string, Promise<DailySentence>>();
  private readonly select;
  private readonly insert;

  constructor(db: Database.Database, private readonly now: () => number = Date.now) {
    this.select = db.prepare<[string], { json: string }>('SELECT json FROM daily_sentences WHERE date = ?');
    this.insert = db.prepare<[string, string, number]>('INSERT OR REPLACE INTO daily_sentences (date, json, created_at) VALUES (?, ?, ?)');
  }

  today(): string {
    return japanDate(this.now());
  }

  stored(date: string): DailySentence | undefined {
    const row = this.select.get(date);
    if (!row) return undefined;
    try {
      const parsed = DailySentenceSchema.safeParse(JSON.parse(row.json));
      return parsed.success ? parsed.data : undefined; // a damaged row is regenerated
    } catch {
      return undefined;
    }
  }

  get(generate: DailyGenerator): Promise<DailySentence> {
    const date = this.today();
    const hit = this.stored(date);
    if (hit) return Promise.resolve(hit);
    let p = this.inflight.get(date);
    if (!p) {
      p = this.generate(date, generate).finally(() => this.inflight.delete(date));
      this.inflight.set(date, p);
    }
    return p;
  }

  private async generate(date: string, generate: DailyGenerator): Promise<DailySentence> {
    // Not tied to one requester: a client that leaves must not cancel the others' sentence.
    const signal = new AbortController().signal;
    let problem: string | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const raw = await generate(date, problem, signal);
      problem = dailyProblem(raw) ?? undefined;
      if (!problem) {
        const sentence = toDailySentence(date, raw);
        this.insert.run(date, JSON.stringify(sentence), this.now());
        return sentence;
      }
    }
    throw new AppError({ code: 'upstream_error', message: `daily sentence rejected: ${problem}`, status: 503 });
  }
}
