import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';
import { reasonOf, serviceOf, type AppErrorData, type ErrorCode, type ErrorReason, type ErrorService } from '../../../shared/result';

/**
 * How an error is shown: i18n keys (with values) in the UI language, built from the
 * error's code and details only. The message text is the server's (Chinese for the /api
 * routes, English or a provider's own words elsewhere) and is never shown.
 */
export interface ErrorView {
  key: string;
  values?: Record<string, string | number>;
  /** The service that failed, when the core tagged it (details.service). */
  service?: ErrorService;
  /** A second sentence: what went wrong with that service. */
  detailKey?: string;
  /** What still works while that service fails. */
  stillWorksKey?: string;
  /** Suggests where the learner can fix it. */
  action?: 'settings' | 'retry' | 'wait';
  /** Seconds until a limit lifts, when the provider said. */
  retryInSeconds?: number;
  /** An internal error's id: the log has the detail under it, so it can be reported. */
  errorId?: string;
}

type FixedAppMessage = { [K in keyof typeof APP_MESSAGES]: (typeof APP_MESSAGES)[K] extends string ? K : never }[keyof typeof APP_MESSAGES];

// The /api routes' fixed texts are recognised (never shown) so the more precise sentence can be said.
const FIXED = new Map<string, string>([
  ...Object.entries(SEED_MESSAGES).map(([k, v]) => [v, `problems.seed.${k}`] as [string, string]),
  ...(Object.entries(APP_MESSAGES).filter(([, v]) => typeof v === 'string') as Array<[FixedAppMessage, string]>).map(
    ([k, v]) => [v, `problems.app.${k}`] as [string, string],
  ),
]);

// The two parameterised fixed messages, matched by shape (their text comes from shared/messages).
const MISSING_PARAM = new RegExp(`^${escape(APP_MESSAGES.missingParam('\u0000')).replace('\u0000', '(.+)')}$`);
const WRONG_TYPE = new RegExp(`^${escape(APP_MESSAGES.wrongType('\u0000', '\u0001')).replace('\u0000', '(.+?)').replace('\u0001', '(.+)')}$`);

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const ACTIONS: Partial<Record<ErrorCode, ErrorView['action']>> = {
  missing_key: 'settings',
  invalid_key: 'settings',
  rate_limited: 'wait',
  free_model_limit: 'wait',
  timeout: 'retry',
  upstream_unavailable: 'retry',
  upstream_error: 'retry',
  mid_stream_error: 'retry',
  offline: 'retry',
  anki_unavailable: 'retry',
};

/** Codes too general to say what happened: the service's reason (details.reason) says it better. */
const GENERAL: ReadonlySet<ErrorCode> = new Set(['upstream_error', 'upstream_unavailable', 'mid_stream_error', 'offline', 'anki_unavailable', 'bad_request']);

/** Reasons whose sentence says what failed without a service before it. */
const SELF_SPOKEN_REASONS: ReadonlySet<ErrorReason> = new Set(['no_able_model']);

function errorIdOf(error: Pick<AppErrorData, 'code' | 'message' | 'details'>): string | undefined {
  if (error.code !== 'internal') return undefined;
  const fromDetails = error.details?.errorId;
  if (typeof fromDetails === 'string' && /^[0-9a-f]{8}$/.test(fromDetails)) return fromDetails;
  return /\berror id ([0-9a-f]{8})\b/.exec(error.message ?? '')?.[1];
}

/** Maps an error to what the UI says, from its code and details. */
export function describeError(error: Pick<AppErrorData, 'code' | 'message' | 'retryAfterMs' | 'details'>): ErrorView {
  const reason = reasonOf(error);
  // No model of the provider can do the task (image input): only a choice in Settings helps.
  const action = reason === 'no_able_model' ? 'settings' : ACTIONS[error.code];
  const base: Omit<ErrorView, 'key'> = {};
  if (action) base.action = action;
  if (error.retryAfterMs !== undefined && error.retryAfterMs > 0) base.retryInSeconds = Math.ceil(error.retryAfterMs / 1000);
  const errorId = errorIdOf(error);
  if (errorId) base.errorId = errorId;

  const service = serviceOf(error);
  if (service) {
    const detailKey = reason && GENERAL.has(error.code) ? `problems.reasons.${reason}` : `problems.causes.${error.code}`;
    return { key: `problems.services.${service}.failed`, service, detailKey, stillWorksKey: `problems.services.${service}.stillWorks`, ...base };
  }

  // Said on its own, with no service named: the reason is the whole story.
  if (reason && SELF_SPOKEN_REASONS.has(reason)) return { key: `problems.reasons.${reason}`, ...base };

  const message = (error.message ?? '').trim();
  const fixed = FIXED.get(message);
  if (fixed) return { key: fixed, ...base };
  const missing = MISSING_PARAM.exec(message);
  if (missing) return { key: 'problems.app.missingParam', values: { name: missing[1]! } };
  const wrong = WRONG_TYPE.exec(message);
  if (wrong) return { key: 'problems.app.wrongType', values: { name: wrong[1]!, type: wrong[2]! } };
  return { key: `problems.codes.${error.code}`, ...base };
}

/** Every key a view names, in reading order (headline, why, what still works). */
export function viewKeys(view: ErrorView): string[] {
  return [view.key, view.detailKey, view.stillWorksKey].filter((k): k is string => k !== undefined);
}
