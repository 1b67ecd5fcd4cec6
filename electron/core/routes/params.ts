import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';
import { HttpError } from '../http/body';

/** A request body after the generic checks: a JSON object. */
export type Body = Record<string, unknown>;

/** Seed rule: `apiUrl` in a body is refused before anything else happens. */
export function refuseApiUrl(body: Body): void {
  if (Object.prototype.hasOwnProperty.call(body, 'apiUrl')) throw new HttpError(400, SEED_MESSAGES.apiUrlForbidden);
}

export function requiredString(body: Body, name: string, opts: { allowEmpty?: boolean } = {}): string {
  const v = body[name];
  if (v === undefined || v === null) throw new HttpError(400, APP_MESSAGES.missingParam(name));
  if (typeof v !== 'string') throw new HttpError(400, APP_MESSAGES.wrongType(name, 'string'));
  if (!opts.allowEmpty && v.trim() === '') throw new HttpError(400, APP_MESSAGES.missingParam(name));
  return v;
}

export function optionalString(body: Body, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new HttpError(400, APP_MESSAGES.wrongType(name, 'string'));
  return v;
}

export function optionalBoolean(body: Body, name: string, fallback: boolean): boolean {
  const v = body[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') throw new HttpError(400, APP_MESSAGES.wrongType(name, 'boolean'));
  return v;
}

export function optionalNumber(body: Body, name: string, fallback: number): number {
  const v = body[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new HttpError(400, APP_MESSAGES.wrongType(name, 'number'));
  return v;
}
