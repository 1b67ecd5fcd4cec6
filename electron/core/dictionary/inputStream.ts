/**
 * Turns the bytes of an uploaded or downloaded file into text chunks: counts what is
 * read (for the progress bar), gunzips when the file starts with gzip's magic number,
 * and sniffs the format (XML, or EDICT / KANJIDIC text in EUC-JP or UTF-8).
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import { DictionaryInputError } from './errors';
import type { TextFormat } from './textDictionary';

export type SniffedFormat = { kind: 'xml' } | { kind: 'text'; format: TextFormat; encoding: 'utf8' | 'euc-jp' };

/** A gzip bomb stops here: no EDRDG file comes near it uncompressed (JMdict with all languages is ~120 MB). */
export const MAX_DECOMPRESSED_BYTES = 512 * 1024 * 1024;
const SNIFF_BYTES = 8192;

export async function* countBytes(src: AsyncIterable<Buffer>, onBytes: (n: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of src) {
    onBytes(chunk.length);
    yield chunk;
  }
}

/** The first `n` bytes (or all, if fewer) and the whole stream again. */
async function peek(src: AsyncIterable<Buffer>, n: number): Promise<{ head: Buffer; all: AsyncIterable<Buffer> }> {
  const it = src[Symbol.asyncIterator]();
  const seen: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < n) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    seen.push(r.value);
    size += r.value.length;
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield* seen;
    if (ended) return;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  }
  return { head: Buffer.concat(seen), all: all() };
}

async function* gunzip(src: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const z = zlib.createGunzip();
  const out = Readable.from(src).pipe(z);
  let total = 0;
  try {
    for await (const chunk of out as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > MAX_DECOMPRESSED_BYTES) throw new DictionaryInputError('too_large', 'The file unpacks to more than 512 MB; it is not a dictionary this app can import.');
      yield chunk;
    }
  } catch (e) {
    if (e instanceof DictionaryInputError) throw e;
    throw new DictionaryInputError('truncated', `The gzip file is truncated or damaged (${(e as Error).message}).`);
  } finally {
    z.destroy();
  }
}

function isUtf8(head: Buffer): boolean {
  // Cut at the last newline so a character split by the sample's end does not count.
  const cut = head.lastIndexOf(0x0a);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(cut > 0 ? head.subarray(0, cut) : head);
    return true;
  } catch {
    return false;
  }
}

export function sniff(head: Buffer): SniffedFormat | null {
  const start = head.subarray(0, 512).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (start.startsWith('<')) return { kind: 'xml' };
  const encoding = isUtf8(head) ? 'utf8' : 'euc-jp';
  const text = encoding === 'utf8' ? head.toString('utf8') : iconv.decode(head, 'euc-jp');
  const lines = text.split('\n').slice(0, 6);
  if (/^#\s*KANJIDIC/.test(lines[0] ?? '') || lines.some((l) => /^\S \p{Hex_Digit}{4} U\p{Hex_Digit}{4,5} /u.test(l))) return { kind: 'text', format: 'kanjidic', encoding };
  if (/EDICT/.test(lines[0] ?? '') || lines.slice(1, 5).filter((l) => /^\S+( \[[^\]]+\])? \/.+\/$/.test(l.trim())).length >= 2) {
    return { kind: 'text', format: 'edict', encoding };
  }
  return null;
}

async function* decode(src: AsyncIterable<Buffer>, encoding: 'utf8' | 'euc-jp'): AsyncGenerator<string> {
  const decoder = iconv.getDecoder(encoding);
  for await (const chunk of src) {
    const s = decoder.write(chunk);
    if (s) yield s;
  }
  const end = decoder.end();
  if (end) yield end;
}

/** Decoded text of the file and its sniffed format; throws a clear error for anything else. */
export async function openDictionaryText(bytes: AsyncIterable<Buffer>): Promise<{ format: SniffedFormat; text: AsyncIterable<string> }> {
  let { head, all } = await peek(bytes, SNIFF_BYTES);
  if (head.length === 0) throw new DictionaryInputError('not_dictionary', 'The file is empty.');
  if (head[0] === 0x1f && head[1] === 0x8b) ({ head, all } = await peek(gunzip(all), SNIFF_BYTES));
  const format = sniff(head);
  if (!format) throw new DictionaryInputError('not_dictionary', 'This is not a JMdict, KANJIDIC2, EDICT or KANJIDIC file.');
  return { format, text: decode(all, format.kind === 'xml' ? 'utf8' : format.encoding) };
}
