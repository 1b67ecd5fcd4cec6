import net from 'node:net';

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (net.isIPv6(h)) return h === '::1' || h.startsWith('::ffff:127.');
  return false;
}

/** A non-loopback bind address needs an access code (`CODE`). Returns the refusal message, if any. */
export function hostPolicyError(host: string, code: string | undefined): string | undefined {
  if (isLoopbackHost(host) || code) return undefined;
  return `Refusing to listen on ${host}: it is reachable from other machines and no access code is set. Set CODE=<password> (every visitor must then log in), or use HOST=127.0.0.1.`;
}
