import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { sessionSecretProblem } from '../../config/config';

export const SESSION_COOKIE = 'ja_session';
export const SESSION_MAX_AGE_S = 7 * 24 * 60 * 60;

/** The stored secret: SESSION_SECRET, else a random one generated once and kept in the app data dir. */
export function loadSessionSecret(configured: string | undefined, dataDir: string): Buffer {
  if (configured) {
    const problem = sessionSecretProblem(configured);
    if (problem) throw new Error(problem);
    return Buffer.from(configured, 'utf8');
  }
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file);
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  const secret = crypto.randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The cookie HMAC key: the secret bound to the access code, so that changing CODE
 * logs every session out (cookies signed under the old code no longer verify).
 */
export function sessionKey(secret: Buffer, code: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`ja_session\0${code}`, 'utf8').digest();
}

const b64url = (b: Buffer) => b.toString('base64url');

export class SessionSigner {
  constructor(private readonly secret: Buffer, private readonly now: () => number = Date.now) {}

  private mac(payload: string): Buffer {
    return crypto.createHmac('sha256', this.secret).update(payload).digest();
  }

  /** `<expires>.<nonce>.<mac>`: expiry is inside what is signed, so it cannot be extended. */
  issue(): string {
    const expires = Math.floor(this.now() / 1000) + SESSION_MAX_AGE_S;
    const payload = `${expires}.${b64url(crypto.randomBytes(12))}`;
    return `${payload}.${b64url(this.mac(payload))}`;
  }

  verify(token: string | undefined): boolean {
    if (!token) return false;
    const parts = token.split('.');
    if (parts.length !== 3) return false;
    const [expires, nonce, mac] = parts as [string, string, string];
    if (!/^\d{1,12}$/.test(expires) || nonce.length === 0) return false;
    const expected = this.mac(`${expires}.${nonce}`);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return false;
    return Number(expires) * 1000 > this.now();
  }
}

export function readCookie(req: http.IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function isHttps(req: http.IncomingMessage): boolean {
  return (req.socket as { encrypted?: boolean }).encrypted === true || req.headers['x-forwarded-proto'] === 'https';
}

export function sessionCookie(req: http.IncomingMessage, token: string): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/',
    `Max-Age=${SESSION_MAX_AGE_S}`,
    ...(isHttps(req) ? ['Secure'] : []),
  ].join('; ');
}

/** Constant-time password check (hashing first makes the lengths equal). */
export function passwordMatches(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
