/**
 * One entry's bytes, never trusting its claimed size: a streaming inflater (zlib's,
 * which runs in libuv's thread pool) fed a slice at a time, stopped the moment its
 * output passes the size the central directory claims or the archive's budget. The
 * main thread only copies each 64 KiB piece of output, so an entry claiming 4 KB
 * that would inflate to gigabytes costs one piece, and a real 60 MB chapter costs
 * many short turns instead of one long one. The CRC-32 is checked at the end.
 */
import { once } from 'node:events';
import zlib from 'node:zlib';
import { ArchiveError, damaged } from './archiveError';
import type { RawEntry } from './centralDirectory';
import type { ZipSource } from './zipSource';

const LOCAL = 0x04034b50;
/** Compressed bytes read and handed on at a time; also the inflater's output piece. */
const SLICE = 64 * 1024;

/** What the whole archive may still inflate to; shared by every read of one reader. */
export interface InflateBudget {
  left: number;
  readonly limit: number;
}

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Where the entry's data starts, after its local header (whose name and extra lengths may differ from the central record's). */
async function dataStart(src: ZipSource, entry: RawEntry, name: string): Promise<number> {
  const head = await src.read(entry.localOffset, 30);
  const v = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (v.getUint32(0, true) !== LOCAL) throw damaged(`${name}: its local header is missing`);
  return entry.localOffset + 30 + v.getUint16(26, true) + v.getUint16(28, true);
}

/** The compressed bytes in slices, each read only when the inflater wants it. */
async function* slices(src: ZipSource, start: number, length: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < length; at += SLICE) yield await src.read(start + at, Math.min(SLICE, length - at));
}

/** Counts output against the claimed size and the archive's budget, and keeps the CRC. */
class Output {
  readonly bytes: Uint8Array;
  written = 0;
  crc = 0;
  constructor(
    private readonly name: string,
    private readonly size: number,
    private readonly budget: InflateBudget,
  ) {
    this.bytes = new Uint8Array(size);
  }

  /** An error when the piece would pass a limit (nothing of it is kept then). */
  add(piece: Uint8Array): ArchiveError | undefined {
    if (this.written + piece.length > this.size) return damaged(`${this.name} inflates to more than the ${this.size} bytes it claims`);
    if (piece.length > this.budget.left) return new ArchiveError('too_large', `The archive inflates to more than ${this.budget.limit} bytes.`);
    this.budget.left -= piece.length;
    this.bytes.set(piece, this.written);
    this.written += piece.length;
    this.crc = zlib.crc32(piece, this.crc);
    return undefined;
  }

  finish(expectedCrc: number): Uint8Array {
    if (this.written !== this.size) throw damaged(`${this.name} inflates to ${this.written} bytes, not the ${this.size} it claims`);
    if (this.crc !== expectedCrc) throw damaged(`${this.name} fails its checksum`);
    return this.bytes;
  }
}

async function stored(src: ZipSource, start: number, entry: RawEntry, out: Output, name: string): Promise<void> {
  if (entry.compressedSize !== entry.size) throw damaged(`${name} is stored, yet its two sizes differ`);
  for await (const slice of slices(src, start, entry.compressedSize)) {
    const refused = out.add(slice);
    if (refused) throw refused;
    await yieldTurn();
  }
}

async function deflated(src: ZipSource, start: number, entry: RawEntry, out: Output, name: string): Promise<void> {
  const inflater = zlib.createInflateRaw({ chunkSize: SLICE });
  let failure: Error | undefined;
  const ended = new Promise<void>((resolve, reject) => {
    inflater.on('data', (piece: Buffer) => {
      if (failure) return;
      failure = out.add(piece);
      if (failure) inflater.destroy(failure);
    });
    inflater.once('end', resolve);
    inflater.once('error', (e) => reject(failure ?? damaged(`${name}: ${e.message}`)));
    inflater.once('close', () => {
      if (failure) reject(failure);
    });
  });
  // The outcome is awaited below; until then a rejection must not count as unhandled.
  ended.catch(() => undefined);
  try {
    for await (const slice of slices(src, start, entry.compressedSize)) {
      if (failure || inflater.destroyed) break;
      if (!inflater.write(slice)) await Promise.race([once(inflater, 'drain'), ended]);
    }
    if (!inflater.destroyed) inflater.end();
    await ended;
  } finally {
    if (!inflater.destroyed) inflater.destroy();
  }
}

/** The entry's bytes, exactly its claimed size, or an ArchiveError. */
export async function readEntryData(src: ZipSource, entry: RawEntry, name: string, budget: InflateBudget): Promise<Uint8Array> {
  if (entry.encrypted) throw new ArchiveError('unsupported', `${name} is encrypted with a password.`);
  if (entry.method !== 0 && entry.method !== 8) throw new ArchiveError('unsupported', `${name} is compressed with a method this app cannot read (${entry.method}).`);
  const start = await dataStart(src, entry, name);
  const out = new Output(name, entry.size, budget);
  if (entry.method === 0) await stored(src, start, entry, out, name);
  else await deflated(src, start, entry, out, name);
  return out.finish(entry.crc);
}
