import type http from 'node:http';
import { isLoopbackHost } from './hostPolicy';

/**
 * A web page in the user's browser can send "simple" cross-site requests to a
 * server on 127.0.0.1 (text/plain, form bodies, beacons) without any preflight.
 * Requiring `application/json` on every POST makes such requests fail before
 * they can spend the user's keys or change settings.
 */
export function isJsonRequest(req: http.IncomingMessage): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type);
}

/**
 * DNS rebinding: a hostile domain resolving to 127.0.0.1 reaches a loopback server
 * with its own name in `Host`. A loopback-only server answers only to loopback names.
 */
export function hostHeaderAllowed(req: http.IncomingMessage): boolean {
  const host = req.headers.host;
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return isLoopbackHost(name);
}
