/** Results cross every boundary as data, never as thrown errors. */
export const ERROR_CODES = [
  'bad_request',
  'unknown_method',
  'not_found',
  'unauthorized',
  'missing_key',
  'invalid_key',
  'insufficient_credits',
  'forbidden',
  'rate_limited',
  'free_model_limit',
  'timeout',
  'upstream_error',
  'upstream_unavailable',
  'mid_stream_error',
  'offline',
  'keychain_unavailable',
  'storage_error',
  'cancelled',
  'too_large',
  /** AnkiConnect did not answer: Anki is not running or the add-on is missing. */
  'anki_unavailable',
  /** An Anki search matched no note. */
  'anki_no_notes',
  /** The notes an Anki search matched have no field of that name. */
  'anki_no_field',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * No key is configured for the model (the core's own 401, `missing_key`): an expected
 * state the UI answers with an invitation, not an error. A key the provider rejects is
 * `invalid_key`, a real failure.
 */
export function isMissingKey(error: Pick<AppErrorData, 'code'> | null | undefined): boolean {
  return error?.code === 'missing_key';
}

export interface AppErrorData {
  code: ErrorCode;
  message: string;
  status?: number;
  retryAfterMs?: number;
  /** Epoch milliseconds. */
  resetAt?: number;
  /** Free-form, JSON-safe details (gateway error type, partial text of a broken stream…). */
  details?: Record<string, unknown>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(error: AppErrorData): Result<T> => ({ ok: false, error });

/** Thrown inside the core; turned into an error value at every boundary. */
export class AppError extends Error {
  readonly data: AppErrorData;
  constructor(data: AppErrorData) {
    super(data.message);
    this.name = 'AppError';
    this.data = data;
  }
}

export function toErrorData(e: unknown): AppErrorData {
  if (e instanceof AppError) return e.data;
  if (e instanceof Error && e.name === 'AbortError') return { code: 'cancelled', message: 'cancelled' };
  return { code: 'internal', message: e instanceof Error ? e.message : String(e) };
}
