import type http from 'node:http';
import { APP_MESSAGES } from '../../../../shared/messages';
import type { Config } from '../../config/config';
import { HttpError, readJson } from '../../http/body';
import { sendJson } from '../../http/respond';
import type { AuthGate } from '../../http/server';
import { LoginLimiter } from './loginLimiter';
import { loadSessionSecret, passwordMatches, readCookie, SESSION_COOKIE, sessionCookie, sessionKey, SessionSigner } from './session';

/** `GET/POST /api/auth` and the cookie gate for everything else (only when CODE is set). */
export function createAuth(config: Config, now: () => number = Date.now) {
  const code = config.code;
  const signer = code ? new SessionSigner(sessionKey(loadSessionSecret(config.sessionSecret, config.appDataDir), code), now) : undefined;
  const limiter = new LoginLimiter(10, 60_000, now);
  const authenticated = (req: http.IncomingMessage) => !signer || signer.verify(readCookie(req, SESSION_COOKIE));
  const gate: AuthGate | undefined = signer ? { isAuthenticated: authenticated } : undefined;

  return {
    gate,
    async status(req: http.IncomingMessage, res: http.ServerResponse) {
      sendJson(res, 200, { requiresAuth: !!code, authenticated: authenticated(req) });
    },
    async login(req: http.IncomingMessage, res: http.ServerResponse) {
      const client = req.socket.remoteAddress ?? 'unknown';
      // Counted before the first await: parallel requests cannot all slip past the check.
      const wait = signer ? limiter.begin(client) : 0;
      if (wait > 0) {
        req.resume();
        throw new HttpError(429, APP_MESSAGES.tooManyAttempts, { 'Retry-After': String(Math.ceil(wait / 1000)) });
      }
      const body = (await readJson(req, 64 * 1024, 'object')) as Record<string, unknown>;
      if (typeof body.password !== 'string') {
        throw new HttpError(400, body.password === undefined ? APP_MESSAGES.missingParam('password') : APP_MESSAGES.wrongType('password', 'string'));
      }
      if (!code || !signer) return sendJson(res, 200, { success: true });
      if (!passwordMatches(body.password, code)) throw new HttpError(401, APP_MESSAGES.wrongPassword);
      limiter.succeed(client);
      sendJson(res, 200, { success: true }, { 'Set-Cookie': sessionCookie(req, signer.issue()) });
    },
  };
}
