import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';
import type { AppErrorData, ErrorCode } from '../../../shared/result';

/**
 * How an error is shown: an i18n key (with values) in the UI language, plus the
 * raw message when it comes from a provider and must be shown as it is.
 */
export interface ErrorView {
  key: string;
  values?: Record<string, string | number>;
  /** The provider's own words (not translated), when they add something. */
  raw?: string;
  /** Suggests where the learner can fix it. */
  action?: 'settings' | 'retry' | 'wait';
  /** Seconds until a limit lifts, when the provider said. */
  retryInSeconds?: number;
}

type FixedAppMessage = { [K in keyof typeof APP_MESSAGES]: (typeof APP_MESSAGES)[K] extends string ? K : never }[keyof typeof APP_MESSAGES];

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

/** Codes whose message is the app's own wording (not worth repeating next to the translation). */
const OWN_WORDING: ReadonlySet<ErrorCode> = new Set(['cancelled', 'unknown_method', 'internal', 'offline', 'anki_unavailable', 'anki_no_notes', 'anki_no_field']);

const ACTIONS: Partial<Record<ErrorCode, ErrorView['action']>> = {
  missing_key: 'settings',
  invalid_key: 'settings',
  keychain_unavailable: 'settings',
  rate_limited: 'wait',
  free_model_limit: 'wait',
  timeout: 'retry',
  upstream_unavailable: 'retry',
  upstream_error: 'retry',
  mid_stream_error: 'retry',
  offline: 'retry',
};

/** Maps an error to what the UI says: fixed Chinese messages translated, provider messages kept. */
export function describeError(error: Pick<AppErrorData, 'code' | 'message' | 'retryAfterMs'>): ErrorView {
  const message = (error.message ?? '').trim();
  const action = ACTIONS[error.code];
  const fixed = FIXED.get(message);
  if (fixed) return { key: fixed, ...(action ? { action } : {}) };
  const missing = MISSING_PARAM.exec(message);
  if (missing) return { key: 'problems.app.missingParam', values: { name: missing[1]! } };
  const wrong = WRONG_TYPE.exec(message);
  if (wrong) return { key: 'problems.app.wrongType', values: { name: wrong[1]!, type: wrong[2]! } };
  const view: ErrorView = { key: `problems.codes.${error.code}` };
  if (action) view.action = action;
  if (error.retryAfterMs !== undefined && error.retryAfterMs > 0) view.retryInSeconds = Math.ceil(error.retryAfterMs / 1000);
  const showRaw = message !== '' && message !== error.code && !OWN_WORDING.has(error.code) && !/^HTTP \d{3}$/.test(message);
  if (showRaw) view.raw = message;
  // An internal error's only useful detail is its id (the log has the rest under it): shown so it can be reported.
  const errorId = error.code === 'internal' ? /\berror id ([0-9a-f]{8})\b/.exec(message)?.[1] : undefined;
  if (errorId) view.raw = `error id ${errorId}`;
  return view;
}
