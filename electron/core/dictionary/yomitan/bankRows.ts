/**
 * A bank's rows one at a time, from its UTF-8 bytes: the top-level array is split at its
 * commas (outside strings and nested values) and each row decoded and parsed alone. Parsing a
 * whole 20 MB bank at once built its every row's objects before the first was written (a
 * Jitendex-sized import peaked 300 MB over its start); one row's objects are young garbage.
 */
import { damagedBank } from './yomitanFormat';

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);
const COMMA = 0x2c;

export function* bankRows(name: string, bytes: Uint8Array): Generator<unknown> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  const skipWs = () => {
    while (at < bytes.length && WS.has(bytes[at]!)) at++;
  };
  // A UTF-8 byte order mark.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) at = 3;
  skipWs();
  if (bytes[at] !== 0x5b) throw damagedBank(name, 'it is not a list of rows');
  at++;
  skipWs();
  if (bytes[at] === 0x5d) {
    at++;
    skipWs();
    if (at !== bytes.length) throw damagedBank(name, 'it is not valid JSON');
    return;
  }
  for (;;) {
    const start = at;
    let depth = 0;
    let inString = false;
    for (; at < bytes.length; at++) {
      const b = bytes[at]!;
      if (inString) {
        if (b === BACKSLASH) at++;
        else if (b === QUOTE) inString = false;
      } else if (b === QUOTE) inString = true;
      else if (OPEN.has(b)) depth++;
      else if (CLOSE.has(b)) {
        if (depth === 0) break;
        depth--;
      } else if (b === COMMA && depth === 0) break;
    }
    if (at >= bytes.length) throw damagedBank(name, 'it is not valid JSON (cut short)');
    let row: unknown;
    try {
      row = JSON.parse(decoder.decode(bytes.subarray(start, at)));
    } catch {
      throw damagedBank(name, 'it is not valid JSON');
    }
    yield row;
    const end = bytes[at];
    at++;
    if (end === 0x5d) break;
    skipWs();
  }
  skipWs();
  if (at !== bytes.length) throw damagedBank(name, 'it is not valid JSON');
}
