/**
 * A client of AnkiConnect, the Anki add-on that answers JSON on
 * http://127.0.0.1:8765: `{ action, version: 6, params }` → `{ result, error }`.
 */
import { z } from 'zod';
import { AppError, tagService, type ErrorReason } from '../../../shared/result';
import { readResponseBounded } from '../net/boundedRead';
import { isUpstreamTooLarge } from '../net/upstreamLimits';

export const DEFAULT_ANKICONNECT_URL = 'http://127.0.0.1:8765';
export const ANKICONNECT_VERSION = 6;

/** Far above any reply an export needs (note ids, deck and field names), below what could exhaust memory. */
const ANKICONNECT_REPLY_LIMIT_BYTES = 16 * 1024 * 1024;

const Reply = z.object({ result: z.unknown(), error: z.string().nullable() });

const causeCode = (e: unknown): string | undefined => {
  const cause = (e as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
};

export class AnkiConnect {
  constructor(
    readonly url: string = DEFAULT_ANKICONNECT_URL,
    private readonly opts: { timeoutMs?: number; signal?: AbortSignal } = {},
  ) {}

  private unavailable(why: string, reason: ErrorReason): AppError {
    return new AppError({
      code: 'anki_unavailable',
      message: `Anki is not reachable at ${this.url} (${why}). Start Anki with the AnkiConnect add-on installed, then export again.`,
      details: { url: this.url, why, reason },
    });
  }

  /** Every failure names AnkiConnect (details.service), so the UI says which service failed. */
  async invoke<T = unknown>(action: string, params?: Record<string, unknown>): Promise<T> {
    try {
      return await this.send<T>(action, params);
    } catch (e) {
      throw tagService(e, 'anki');
    }
  }

  private async send<T>(action: string, params?: Record<string, unknown>): Promise<T> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 15_000);
    const signal = this.opts.signal ? AbortSignal.any([this.opts.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action, version: ANKICONNECT_VERSION, ...(params ? { params } : {}) }),
        signal,
      });
    } catch (e) {
      if (this.opts.signal?.aborted) throw new AppError({ code: 'cancelled', message: 'cancelled' });
      if (timeout.aborted) throw this.unavailable('no answer in time', 'unreachable');
      const code = causeCode(e);
      throw this.unavailable(code === 'ECONNREFUSED' ? 'connection refused: Anki is not running' : (code ?? (e instanceof Error ? e.message : String(e))), 'unreachable');
    }
    if (!res.ok) {
      // AnkiConnect answers 403 to origins it does not trust; anything else non-200 is not AnkiConnect.
      throw new AppError({ code: 'upstream_error', message: `AnkiConnect answered HTTP ${res.status} to ${action}.`, status: 502, details: { reason: 'refused' } });
    }
    let raw: Buffer;
    try {
      raw = await readResponseBounded(res, ANKICONNECT_REPLY_LIMIT_BYTES);
    } catch (e) {
      if (isUpstreamTooLarge(e)) {
        const mib = ANKICONNECT_REPLY_LIMIT_BYTES / 2 ** 20;
        throw new AppError({
          code: 'upstream_error',
          message: `AnkiConnect's reply to ${action} is larger than ${mib} MiB; it was not read. Check that ${this.url} is AnkiConnect.`,
          status: 502,
          details: { action, reason: 'too_large', tooLarge: true, limitBytes: ANKICONNECT_REPLY_LIMIT_BYTES },
        });
      }
      if (this.opts.signal?.aborted) throw new AppError({ code: 'cancelled', message: 'cancelled' });
      throw this.unavailable(timeout.aborted ? 'no answer in time' : 'the reply broke off', timeout.aborted ? 'unreachable' : 'interrupted');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError({ code: 'upstream_error', message: `AnkiConnect sent something that is not JSON for ${action}.`, status: 502, details: { reason: 'invalid_answer' } });
    }
    const reply = Reply.safeParse(body);
    if (!reply.success) throw new AppError({ code: 'upstream_error', message: `Unexpected AnkiConnect reply to ${action}.`, status: 502, details: { reason: 'invalid_answer' } });
    if (reply.data.error !== null) {
      throw new AppError({ code: 'upstream_error', message: `Anki: ${reply.data.error}`, status: 502, details: { action, reason: 'refused', ankiError: reply.data.error } });
    }
    return reply.data.result as T;
  }
}
