/** Bearer authentication of an API key: 401 with the gateway's message for a missing, unknown, disabled or expired key. */
import type http from 'node:http';
import type { GatewayContext } from './context';
import { sendError } from './respond';
import type { FakeKey, FakeRequest } from './types';

export function bearer(req: http.IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(.+)$/i.exec(h.trim()) : null;
  return m?.[1];
}

/** The key behind the request, or undefined after answering 401. */
export function authKey(gw: Pick<GatewayContext, 'keys' | 'state'>, req: http.IncomingMessage, res: http.ServerResponse, entry: FakeRequest): FakeKey | undefined {
  const token = bearer(req);
  if (!token) {
    sendError(res, entry, 401, 'No auth credentials found');
    return undefined;
  }
  const k = gw.keys.map.get(token);
  if (!k) {
    sendError(res, entry, 401, 'User not found.');
    return undefined;
  }
  if (k.record.disabled) {
    sendError(res, entry, 401, 'API key is disabled.');
    return undefined;
  }
  if (k.record.expires_at !== null && Date.parse(k.record.expires_at) <= gw.state.now()) {
    sendError(res, entry, 401, 'API key has expired.');
    return undefined;
  }
  return k;
}
