/**
 * GET /key (the calling key's info, with `is_free_tier` and the deprecated
 * `rate_limit`) and PATCH /keys/{hash} (management key; the five editable fields,
 * typed; `label` follows a new `name`; `updated_at` always moves forward).
 */
import type http from 'node:http';
import { authKey, bearer } from './auth';
import { iso } from './clock';
import type { GatewayContext } from './context';
import { sendError, sendJson } from './respond';
import { runStep } from './script';
import type { FakeKey, FakeLimitReset, FakeRequest } from './types';

const LIMIT_RESETS = new Set(['daily', 'weekly', 'monthly']);

function keyInfo(gw: GatewayContext, k: FakeKey): Record<string, unknown> {
  const r = gw.keys.refresh(k);
  const base = {
    label: r.label,
    limit: r.limit,
    limit_reset: r.limit_reset,
    limit_remaining: r.limit_remaining,
    include_byok_in_limit: r.include_byok_in_limit,
    usage: r.usage,
    usage_daily: r.usage_daily,
    usage_weekly: r.usage_weekly,
    usage_monthly: r.usage_monthly,
    byok_usage: r.byok_usage,
    byok_usage_daily: r.byok_usage_daily,
    byok_usage_weekly: r.byok_usage_weekly,
    byok_usage_monthly: r.byok_usage_monthly,
    is_free_tier: k.isFreeTier,
    expires_at: r.expires_at,
    creator_user_id: r.creator_user_id,
    // Deprecated; clients must ignore it.
    rate_limit: { requests: -1, interval: '10s', note: 'This field is deprecated and safe to ignore.' },
  };
  return gw.state.fullKeyInfo ? { ...r, ...base } : base;
}

export async function handleGetKey(gw: GatewayContext, req: http.IncomingMessage, res: http.ServerResponse, entry: FakeRequest): Promise<void> {
  const k = authKey(gw, req, res, entry);
  if (!k) return;
  const step = gw.scripts.take('/key');
  if (step && (await runStep(gw, step, res, entry, undefined))) return;
  sendJson(res, entry, 200, { data: keyInfo(gw, k) });
}

export function handlePatch(gw: GatewayContext, req: http.IncomingMessage, res: http.ServerResponse, entry: FakeRequest, hash: string): void {
  const token = bearer(req);
  if (!token || !gw.state.managementKeys.includes(token)) {
    sendError(res, entry, 401, token ? 'Invalid management key' : 'No auth credentials found');
    return;
  }
  const k = gw.keys.find(decodeURIComponent(hash));
  if (!k || k.record.hash !== decodeURIComponent(hash)) {
    sendError(res, entry, 404, 'API key not found');
    return;
  }
  const body = entry.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    sendError(res, entry, 400, 'Invalid JSON body');
    return;
  }
  const b = body as Record<string, unknown>;
  const has = (f: string): boolean => Object.prototype.hasOwnProperty.call(b, f) && b[f] !== undefined;
  const checks: Array<[string, (v: unknown) => boolean]> = [
    ['name', (v) => typeof v === 'string'],
    ['disabled', (v) => typeof v === 'boolean'],
    ['limit', (v) => v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 0)],
    ['limit_reset', (v) => v === null || (typeof v === 'string' && LIMIT_RESETS.has(v))],
    ['include_byok_in_limit', (v) => typeof v === 'boolean'],
  ];
  const present = checks.filter(([f]) => has(f));
  if (present.length === 0) {
    sendError(res, entry, 400, 'No update fields provided');
    return;
  }
  for (const [f, ok] of present) {
    if (!ok(b[f])) {
      sendError(res, entry, 400, `Invalid value for ${f}`);
      return;
    }
  }
  const r = k.record;
  if (has('name')) {
    r.name = b.name as string;
    r.label = r.name;
  }
  if (has('disabled')) r.disabled = b.disabled as boolean;
  if (has('limit')) r.limit = b.limit as number | null;
  if (has('limit_reset')) r.limit_reset = b.limit_reset as FakeLimitReset;
  if (has('include_byok_in_limit')) r.include_byok_in_limit = b.include_byok_in_limit as boolean;
  // updated_at always moves forward, even within the same millisecond.
  const prev = r.updated_at ? Date.parse(r.updated_at) : 0;
  r.updated_at = iso(Math.max(gw.state.now(), prev + 1));
  sendJson(res, entry, 200, { data: { ...gw.keys.refresh(k) } });
}
