/**
 * What a failed connection may tell the user, a log or a push: the system
 * error's code, call and address, never an error's own text. fetch() quotes an
 * invalid header value (an API key) in its message, and a cause's message can
 * carry request details, so free text is never passed on; only fields whose
 * shape cannot hold a key are.
 */
export interface TransportFailure {
  /**
   * `request`: fetch refused to build the request before sending anything (a header
   * value it cannot carry, such as a key with a line break); `connection`: anything else.
   */
  kind: 'connection' | 'request';
  /** The system or library error code (ECONNREFUSED, UND_ERR_SOCKET…), when there is one. */
  code?: string;
  /** A short description built only from checked fields, e.g. `fetch failed (connect ECONNREFUSED 127.0.0.1:1)`. */
  text: string;
}

const CODE = /^[A-Z][A-Z0-9_]{1,63}$/;
const SYSCALL = /^[a-z]{1,32}$/;
// An IP address or a host name: no key fits these (a key has mixed case and digits over 20+ characters; checked below).
const ADDRESS = /^[0-9A-Za-z.:-]{1,253}$/;
const PORT = /^\d{1,5}$/;

const field = (o: unknown, k: string): unknown => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined);
const checked = (v: unknown, re: RegExp): string | undefined => {
  const s = typeof v === 'number' ? String(v) : v;
  return typeof s === 'string' && re.test(s) && !looksLikeSecret(s) ? s : undefined;
};

/** Long runs of mixed letters and digits: how API keys look. A host name or address rarely does. */
function looksLikeSecret(s: string): boolean {
  return /[A-Za-z0-9_-]{24,}/.test(s) && /\d/.test(s) && /[A-Za-z]/.test(s);
}

/** The error and its causes, outermost first (undici wraps the socket error; happy eyeballs gives an AggregateError). */
function chain(e: unknown): unknown[] {
  const out: unknown[] = [];
  let cur: unknown = e;
  while (cur !== null && cur !== undefined && out.length < 5 && !out.includes(cur)) {
    out.push(cur);
    const errors = field(cur, 'errors');
    cur = field(cur, 'cause') ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return out;
}

export function transportFailure(e: unknown): TransportFailure {
  const links = chain(e);
  let code: string | undefined;
  let syscall: string | undefined;
  let address: string | undefined;
  let port: string | undefined;
  for (const l of links) {
    code ??= checked(field(l, 'code'), CODE);
    syscall ??= checked(field(l, 'syscall'), SYSCALL);
    address ??= checked(field(l, 'address'), ADDRESS) ?? checked(field(l, 'hostname'), ADDRESS);
    port ??= checked(field(l, 'port'), PORT);
  }
  // fetch's own wording is a fixed literal; anything else is described, not quoted.
  const fetchFailed = e instanceof Error && e.message === 'fetch failed';
  // fetch validates headers before connecting and says so in a TypeError of its own (read here, never repeated).
  if (!fetchFailed && !code && e instanceof TypeError && /header/i.test(e.message)) {
    return { kind: 'request', text: 'the request could not be built: a header value (a key?) contains characters that cannot be sent' };
  }
  const base = fetchFailed ? 'fetch failed' : 'the connection failed';
  const where = address ? ` ${address}${port ? `:${port}` : ''}` : '';
  const detail = code ? ` (${syscall ? `${syscall} ` : ''}${code}${where})` : '';
  return { kind: 'connection', ...(code ? { code } : {}), text: `${base}${detail}` };
}

/**
 * For text that must keep its detail (a log line): anything shaped like a
 * credential is masked. Bearer values, OpenRouter and Google key prefixes, and
 * long runs of mixed letters and digits.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/(bearer\s+)[^\s"'`]+/gi, '$1[redacted]')
    .replace(/\b(?:sk-[\w-]{8,}|AIza[\w-]{20,})/g, '[redacted]')
    .replace(/[A-Za-z0-9_-]{32,}/g, (run) => (looksLikeSecret(run) ? '[redacted]' : run));
}
