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

/**
 * The outside services an error can come from, in `details.service`: the UI names the one
 * that failed and says what still works. `gateway` is the model gateway (OpenRouter),
 * `local` a local OpenAI-compatible model server, `speech` the read-aloud voice.
 */
export const ERROR_SERVICES = ['speech', 'gateway', 'gemini', 'local', 'anki', 'dictionary'] as const;
export type ErrorService = (typeof ERROR_SERVICES)[number];

/**
 * What went wrong with a service, in `details.reason`, where the code alone does not say it
 * (the UI words it; the message text is for logs and the /api routes only).
 */
/** `no_able_model`: a task that needs an ability (image input) and no model of the provider has it. */
export const ERROR_REASONS = ['unreachable', 'refused', 'interrupted', 'invalid_answer', 'no_audio', 'too_large', 'no_able_model'] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

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

type WithDetails = Pick<AppErrorData, 'details'> | null | undefined;

/** The service an error came from, when one was tagged. */
export function serviceOf(error: WithDetails): ErrorService | undefined {
  const s = error?.details?.service;
  return ERROR_SERVICES.find((x) => x === s);
}

/** Why a service failed, when the failing code knew it. */
export function reasonOf(error: WithDetails): ErrorReason | undefined {
  const r = error?.details?.reason;
  return ERROR_REASONS.find((x) => x === r);
}

/**
 * Marks an AppError with the service it came from (`details.service`, and `details.reason`
 * when given), in place so its class (e.g. GatewayError) and stack stay. The first tag wins:
 * the code nearest the failure names it. Anything else (a cancel, a plain Error that must stay
 * an internal error with an id) is returned unchanged.
 */
export function tagService<E>(e: E, service: ErrorService, reason?: ErrorReason): E {
  if (!(e instanceof AppError) || e.data.code === 'cancelled') return e;
  const details = { ...e.data.details };
  details.service ??= service;
  if (reason) details.reason ??= reason;
  e.data.details = details;
  return e;
}

/** The service behind a model provider. */
export function providerService(provider: string): ErrorService {
  return provider === 'gemini' ? 'gemini' : provider === 'local' ? 'local' : 'gateway';
}
