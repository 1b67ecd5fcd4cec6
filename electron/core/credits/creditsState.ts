/**
 * Turns the meter's snapshot into the JSON-safe `CreditsState` the renderer
 * gets (shared/credits.ts). Pure: the caller supplies what the meter cannot
 * know (which key, whether a management key is saved, what the last PATCH said).
 */
import type { CreditsKeyState, CreditsState, GatewayKeyRecord } from '../../../shared/credits';
import type { AppErrorData } from '../../../shared/result';
import type { CreditSnapshot } from '../gateway/meter';
import { usageWindows } from '../gateway/windows';

export interface StateContext {
  now: number;
  keyHash: string | null;
  canManage: boolean;
  /** The last record a PATCH of the app's own key returned, if any. */
  lastPatched: GatewayKeyRecord | null;
}

/** The state shown while no OpenRouter key is configured: a clear "no key", never a blank meter. */
export function noKeyState(ctx: StateContext): CreditsState {
  const w = usageWindows(ctx.now);
  return {
    status: 'no_key',
    keyState: 'unknown',
    info: null,
    fetchedAt: null,
    ageMs: null,
    error: null,
    localCost: 0,
    nextLimitResetAt: null,
    resets: { day: w.day.end, week: w.week.end, month: w.month.end },
    refreshing: false,
    keyHash: null,
    canManage: ctx.canManage,
    now: ctx.now,
  };
}

/**
 * The state is pushed to every window and `/rpc/events` listener: an error that
 * is not one of ours (a bare exception's text, which may quote a request) is
 * named, never quoted. Gateway and transport errors are already described safely.
 */
function pushableMessage(e: AppErrorData): string {
  return e.code === 'internal' ? 'The credits could not be read (internal error).' : e.message;
}

export function creditsState(s: CreditSnapshot, ctx: StateContext): CreditsState {
  let keyState: CreditsKeyState = s.keyState;
  // GET /key answers a disabled key with a bare 401; if we disabled it ourselves, say so precisely.
  if (keyState === 'invalid' && ctx.lastPatched?.disabled === true) keyState = 'disabled';
  return {
    status: s.state,
    keyState,
    info: s.info,
    fetchedAt: s.fetchedAt,
    ageMs: s.ageMs,
    error: s.error ? { code: s.error.code, message: pushableMessage(s.error), ...(s.error.status !== undefined ? { status: s.error.status } : {}) } : null,
    localCost: s.localCost,
    nextLimitResetAt: s.nextLimitResetAt,
    resets: s.resets,
    refreshing: s.refreshing,
    keyHash: s.info?.hash ?? ctx.keyHash,
    canManage: ctx.canManage,
    now: ctx.now,
  };
}
