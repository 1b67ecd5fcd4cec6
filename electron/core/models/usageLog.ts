import type Database from 'better-sqlite3';
import type { ModelTask, Provider } from '../../../shared/catalog';
import type { SpendTask, TaskSpend, UsageRecord } from '../../../shared/usage';

/** The gateway's `usage` of one answer (tokens, and `cost` in USD when the gateway sent it). */
export interface AnswerUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  cost?: number;
}

/** An answer's cost in USD: what OpenRouter sent, else unknown (always for Gemini, which bills elsewhere). */
export const answerCost = (provider: Provider, usage: AnswerUsage | undefined): number | null => (provider === 'openrouter' ? (usage?.cost ?? null) : provider === 'local' ? 0 : null);

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

type UsageRow = [at: string, day: string, provider: Provider, model: string, task: SpendTask, documentId: number | null, prompt: number | null, completion: number | null, cost: number | null];

const USAGE_WRITE_DELAY_MS = 1000;

const tokens = (n: number | undefined) => (n === undefined ? null : Math.round(n));

/**
 * What each model answer cost, per task and per history document (table `model_usage`).
 * Rows are gathered and written at most a second later in one transaction, so that no
 * proxied /api answer waits on SQLite or a WAL checkpoint (bench `routes`); every read
 * writes what is pending first, and `close` does too (a crash loses at most that second).
 */
export class UsageLog {
  private pending: UsageRow[] = [];
  private insert: Database.Statement<UsageRow> | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One answer's row. What the answer did not say is stored as unknown (NULL), not as 0:
   * no `usage` at all (a stream cut short, a provider that sent none), a missing token
   * count, or a cost (always unknown for Gemini, which bills elsewhere). The request
   * still counts. Sums add up what is known.
   */
  record(e: { provider: Provider; model: string; task: SpendTask; documentId?: number; usage: AnswerUsage | undefined }): void {
    const t = this.now();
    const u = e.usage;
    this.pending.push([new Date(t).toISOString(), utcDay(t), e.provider, e.model, e.task, e.documentId ?? null, tokens(u?.prompt_tokens), tokens(u?.completion_tokens), answerCost(e.provider, u)]);
    // Unref'd: a pending write never keeps the process up; `close` flushes it.
    if (this.pending.length === 1) setTimeout(() => this.flushQuietly(), USAGE_WRITE_DELAY_MS).unref();
  }

  /** Writes the pending rows (before a read, and on close). */
  flush(): void {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.pending = [];
    this.insert ??= this.db.prepare<UsageRow>(
      'INSERT INTO model_usage (at, day, provider, model, task, document_id, prompt_tokens, completion_tokens, cost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insert = this.insert;
    this.db.transaction(() => {
      for (const r of rows) insert.run(...r);
    })();
  }

  /** The deferred write: a closed or failing database loses the spend record, never the answer. */
  private flushQuietly(): void {
    try {
      if (this.db.open) this.flush();
    } catch (e) {
      console.warn(`usage not recorded: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** A document's spend on one task (e.g. its analysis), summed over its answers. */
  forDocument(documentId: number, task: ModelTask): UsageRecord | undefined {
    this.flush();
    const r = this.db
      .prepare('SELECT COUNT(*) AS n, SUM(prompt_tokens) AS p, SUM(completion_tokens) AS c, SUM(cost) AS cost FROM model_usage WHERE document_id = ? AND task = ?')
      .get(documentId, task) as { n: number; p: number | null; c: number | null; cost: number | null };
    return r.n === 0 ? undefined : { promptTokens: r.p ?? 0, completionTokens: r.c ?? 0, cost: r.cost };
  }

  /** Today's (UTC, as the gateway's windows) spend by task. */
  today(): { day: string; tasks: TaskSpend[] } {
    this.flush();
    const day = utcDay(this.now());
    const rows = this.db
      .prepare('SELECT task, COUNT(*) AS n, SUM(prompt_tokens) AS p, SUM(completion_tokens) AS c, SUM(cost) AS cost FROM model_usage WHERE day = ? GROUP BY task ORDER BY task')
      .all(day) as { task: SpendTask; n: number; p: number | null; c: number | null; cost: number | null }[];
    return { day, tasks: rows.map((r) => ({ task: r.task, requests: r.n, promptTokens: r.p ?? 0, completionTokens: r.c ?? 0, cost: r.cost })) };
  }
}
