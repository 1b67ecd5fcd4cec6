import type Database from 'better-sqlite3';
import type { ModelTask, Provider } from '../../../shared/catalog';
import type { SpendTask, TaskSpend, UsageRecord } from '../../../shared/usage';

/** The gateway's `usage` of one answer (tokens, and `cost` in USD when the gateway sent it). */
export interface AnswerUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  cost?: number;
}

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** What each model answer cost, per task and per history document (table `model_usage`). */
export class UsageLog {
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
    const tokens = (n: number | undefined) => (n === undefined ? null : Math.round(n));
    this.db
      .prepare('INSERT INTO model_usage (at, day, provider, model, task, document_id, prompt_tokens, completion_tokens, cost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(new Date(t).toISOString(), utcDay(t), e.provider, e.model, e.task, e.documentId ?? null, tokens(u?.prompt_tokens), tokens(u?.completion_tokens), e.provider === 'openrouter' ? (u?.cost ?? null) : null);
  }

  /** A document's spend on one task (e.g. its analysis), summed over its answers. */
  forDocument(documentId: number, task: ModelTask): UsageRecord | undefined {
    const r = this.db
      .prepare('SELECT COUNT(*) AS n, SUM(prompt_tokens) AS p, SUM(completion_tokens) AS c, SUM(cost) AS cost FROM model_usage WHERE document_id = ? AND task = ?')
      .get(documentId, task) as { n: number; p: number | null; c: number | null; cost: number | null };
    return r.n === 0 ? undefined : { promptTokens: r.p ?? 0, completionTokens: r.c ?? 0, cost: r.cost };
  }

  /** Today's (UTC, as the gateway's windows) spend by task. */
  today(): { day: string; tasks: TaskSpend[] } {
    const day = utcDay(this.now());
    const rows = this.db
      .prepare('SELECT task, COUNT(*) AS n, SUM(prompt_tokens) AS p, SUM(completion_tokens) AS c, SUM(cost) AS cost FROM model_usage WHERE day = ? GROUP BY task ORDER BY task')
      .all(day) as { task: SpendTask; n: number; p: number | null; c: number | null; cost: number | null }[];
    return { day, tasks: rows.map((r) => ({ task: r.task, requests: r.n, promptTokens: r.p ?? 0, completionTokens: r.c ?? 0, cost: r.cost })) };
  }
}
