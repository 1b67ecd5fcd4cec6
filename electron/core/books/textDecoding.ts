import { bookError } from './bookError';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'shift_jis' | 'euc-jp';

const decode = (enc: TextEncoding, bytes: Uint8Array, fatal = true) => new TextDecoder(enc, { fatal, ignoreBOM: false }).decode(bytes);

function tryDecode(enc: TextEncoding, bytes: Uint8Array): string | undefined {
  try {
    return decode(enc, bytes);
  } catch {
    return undefined;
  }
}

/** UTF-16 without a BOM: text in the BMP has one zero byte in most pairs, always on the same side. */
function utf16Guess(bytes: Uint8Array): TextEncoding | undefined {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 2) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  // ASCII-heavy UTF-16 shows many zeros on one side; Japanese-only UTF-16 shows few, so also
  // accept a clean decode with many kana/kanji below (scored by the caller).
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/**
 * How Japanese a decoded text reads, per character: kana and 、。 count; half-width
 * katakana (what a wrong Shift_JIS/EUC-JP guess produces) and private-use characters cost.
 */
function japaneseScore(text: string): number {
  let score = 0;
  // Per character beyond ASCII: markup (an HTML page) reads the same in every candidate and says nothing.
  let wide = 0;
  const n = Math.min(text.length, 100_000);
  for (let i = 0; i < n && wide < 20_000; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    wide++;
    if ((c >= 0x3040 && c <= 0x30ff) || c === 0x3001 || c === 0x3002) score += 1;
    else if (c >= 0xff61 && c <= 0xff9f) score -= 1;
    else if (c >= 0xe000 && c <= 0xf8ff) score -= 2;
  }
  return score / Math.max(1, wide);
}

const DECLARED: Record<string, TextEncoding> = {
  'shift_jis': 'shift_jis', 'shift-jis': 'shift_jis', 'sjis': 'shift_jis', 'x-sjis': 'shift_jis', 'windows-31j': 'shift_jis', 'cp932': 'shift_jis',
  'euc-jp': 'euc-jp', 'x-euc-jp': 'euc-jp',
};

/** The encoding an XML or HTML document names for itself (`<?xml … encoding=…?>`, `<meta charset>`), read from its ASCII start. */
function declaredEncoding(bytes: Uint8Array): TextEncoding | undefined {
  const start = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  const m = /<\?xml[^>]*\bencoding\s*=\s*["']([\w-]+)["']/i.exec(start) ?? /<meta[^>]*\bcharset\s*=\s*["']?([\w-]+)/i.exec(start);
  return m ? DECLARED[m[1]!.toLowerCase()] : undefined;
}

/**
 * Decodes text from its bytes alone (never the file name): a BOM decides; else
 * valid UTF-8; else UTF-16 by its zero bytes; else the legacy encoding an
 * XML/HTML document declares, when it decodes cleanly; else whichever of
 * Shift_JIS and EUC-JP decodes cleanly and reads most like Japanese. Bytes no candidate can
 * read are refused as an unknown encoding.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return checked('utf-8', bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return checked('utf-16le', bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return checked('utf-16be', bytes);

  const utf8 = tryDecode('utf-8', bytes);
  if (utf8 !== undefined && !hasControls(utf8)) return { text: utf8, encoding: 'utf-8' };

  // UTF-16 of mostly ASCII shows itself by its zero bytes.
  const wide = utf16Guess(bytes);
  if (wide) return checked(wide, bytes);

  // A document that names its legacy encoding (Aozora's XHTML says Shift_JIS) and decodes cleanly in it.
  const declared = declaredEncoding(bytes);
  const named = declared && tryDecode(declared, bytes);
  if (named !== undefined && named !== '' && !hasControls(named)) return { text: named, encoding: declared! };

  const candidates: TextEncoding[] = ['shift_jis', 'euc-jp', 'utf-16le', 'utf-16be'];
  let best: { text: string; encoding: TextEncoding; score: number } | undefined;
  for (const encoding of candidates) {
    if (encoding.startsWith('utf-16') && bytes.length % 2 === 1) continue;
    const text = tryDecode(encoding, bytes);
    if (text === undefined || hasControls(text)) continue;
    const score = japaneseScore(text);
    if (!best || score > best.score) best = { text, encoding, score };
  }
  // Japanese prose is at least a tenth kana; a decode that is not reads as noise (random bytes decode as CJK soup).
  if (!best || best.score < 0.1) throw bookError('unknown_encoding', 'The text is in an encoding that could not be recognised (expected UTF-8, UTF-16, Shift_JIS or EUC-JP).');
  return { text: best.text, encoding: best.encoding };
}

function checked(encoding: TextEncoding, bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const text = tryDecode(encoding, bytes);
  if (text === undefined || hasControls(text)) throw bookError('unknown_encoding', `The text claims to be ${encoding.toUpperCase()} but is not valid ${encoding.toUpperCase()}.`);
  return { text, encoding };
}

/** NUL and other C0 controls (tab and line breaks aside) do not occur in text: binary data, or a wrong decoding. */
function hasControls(text: string): boolean {
  const n = Math.min(text.length, 65_536);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 12 && c !== 13 && c !== 0x1b) return true;
  }
  return false;
}

/** A book's text from its bytes; bytes no encoding reads are binary data (with NUL bytes: no book) or an unknown encoding. */
export function decodeBookText(data: Uint8Array): string {
  try {
    return decodeText(data).text;
  } catch (e) {
    if (data.subarray(0, 65_536).includes(0)) throw bookError('not_a_book', 'The file is not a book (it holds binary data, not text).');
    throw e;
  }
}
