import type Database from 'better-sqlite3';
import type { DailySentence } from '../../../shared/domain';
import { AppError } from '../../../shared/result';
import { japanDate } from './japanDate';
import { DailySentenceSchema, dailyProblem, toDailySentence } from './validateDaily';

/** Asks the model for a sentence; `problem` says what was wrong with the previous attempt. */
export type DailyGenerator = (date: string, problem: string | undefined, signal: AbortSignal) => Promise<unknown>;

export interface DailyOptions {
  now?: () => number;
  /** What makes the sentence (prompt version, prompt, model) as a key: a new variant is a miss. */
  variant?: () => string;
}

/**
 * One sentence per Japan date and variant (prompt and model), generated once,
 * validated, stored. A damaged row is dropped and generated again; `refresh`
 * generates and replaces. When generating fails, a sentence of today made by
 * another variant is still shown. Concurrent requests share one generation.
 */
export class DailyService {
  private readonly inflight = new Map<string, Promise<DailySentence>>();
  private readonly select;
  private readonly anyOfDate;
  private readonly insert;
  private readonly remove;
  private readonly now: () => number;
  private readonly variant: () => string;

  constructor(db: Database.Database, opts: DailyOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.variant = opts.variant ?? (() => '');
    this.select = db.prepare<[string, string], { json: string }>('SELECT json FROM daily_sentences WHERE date = ? AND variant = ?');
    this.anyOfDate = db.prepare<[string], { variant: string; json: string }>(
      'SELECT variant, json FROM daily_sentences WHERE date = ? ORDER BY created_at DESC',
    );
    this.insert = db.prepare<[string, string, string, number]>(
      'INSERT OR REPLACE INTO daily_sentences (date, variant, json, created_at) VALUES (?, ?, ?, ?)',
    );
    this.remove = db.prepare<[string, string]>('DELETE FROM daily_sentences WHERE date = ? AND variant = ?');
  }

  today(): string {
    return japanDate(this.now());
  }

  private parse(json: string): DailySentence | undefined {
    try {
      const parsed = DailySentenceSchema.safeParse(JSON.parse(json));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** The stored sentence of `date` for the current variant; a damaged row is deleted (and so generated again). */
  stored(date: string, variant = this.variant()): DailySentence | undefined {
    const row = this.select.get(date, variant);
    if (!row) return undefined;
    const sentence = this.parse(row.json);
    if (!sentence) this.remove.run(date, variant);
    return sentence;
  }

  get(generate: DailyGenerator, opts: { refresh?: boolean } = {}): Promise<DailySentence> {
    const date = this.today();
    const variant = this.variant();
    const hit = opts.refresh ? undefined : this.stored(date, variant);
    if (hit) return Promise.resolve(hit);
    const flight = `${date}\n${variant}`;
    let p = this.inflight.get(flight);
    if (!p) {
      p = this.generate(date, variant, generate).finally(() => this.inflight.delete(flight));
      this.inflight.set(flight, p);
    }
    if (opts.refresh) return p;
    // Offline, or the new model has no key: today's sentence from another prompt or model beats an error.
    return p.catch((e: unknown) => {
      const fallback = this.anyOfDate.all(date).find((r) => r.variant !== variant && this.parse(r.json));
      if (!fallback) throw e;
      return this.parse(fallback.json)!;
    });
  }

  private async generate(date: string, variant: string, generate: DailyGenerator): Promise<DailySentence> {
    // Not tied to one requester: a client that leaves must not cancel the others' sentence.
    const signal = new AbortController().signal;
    let problem: string | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const raw = await generate(date, problem, signal);
      problem = dailyProblem(raw) ?? undefined;
      if (!problem) {
        const sentence = toDailySentence(date, raw);
        this.insert.run(date, variant, JSON.stringify(sentence), this.now());
        return sentence;
      }
    }
    throw new AppError({ code: 'upstream_error', message: `daily sentence rejected: ${problem}`, status: 503 });
  }
}
