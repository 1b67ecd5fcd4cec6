/**
 * The zip's central directory (APPNOTE.TXT 4.3.12–4.3.16, with ZIP64): one record per
 * entry with its raw name, flags, method, CRC, sizes and where its local header is.
 * Nothing here trusts a size; the reader enforces them while inflating.
 */
import { ArchiveError, damaged } from './archiveError';
import type { ZipLimits } from './limits';
import type { ZipSource } from './zipSource';

export interface RawEntry {
  /** The name's bytes as stored. */
  nameBytes: Uint8Array;
  /** General purpose bit 11: the name is UTF-8. */
  utf8: boolean;
  /** General purpose bit 0. */
  encrypted: boolean;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  /** The Info-ZIP Unicode Path extra field's data (0x7075), when present. */
  unicodePath?: Uint8Array;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const EOCD_BYTES = 22;
/** The end record plus the longest comment it can carry. */
const TAIL_BYTES = EOCD_BYTES + 0xffff;
/** A generous mean for one central record (46 bytes plus name, extra and comment): bounds what is read before parsing. */
const CENTRAL_BYTES_PER_ENTRY = 4096;
const U32 = 0xffffffff;
const U16 = 0xffff;

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

function u64(v: DataView, at: number): number {
  const n = v.getBigUint64(at, true);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged('a ZIP64 size is out of range');
  return Number(n);
}

interface Directory {
  entries: number;
  size: number;
  offset: number;
  /** Where the end record starts: the directory ends there. */
  end: number;
}

async function findDirectory(src: ZipSource): Promise<Directory> {
  if (src.size < EOCD_BYTES) throw damaged('too short to be a zip');
  const tailStart = Math.max(0, src.size - TAIL_BYTES);
  const tail = await src.read(tailStart, src.size - tailStart);
  const tv = view(tail);
  let at = -1;
  // From the end back: the last end record whose comment reaches no further than the file.
  for (let i = tail.length - EOCD_BYTES; i >= 0; i--) {
    if (tv.getUint32(i, true) === EOCD && i + EOCD_BYTES + tv.getUint16(i + 20, true) <= tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw damaged('no end of central directory');
  const end = tailStart + at;
  let dir: Directory = { entries: tv.getUint16(at + 10, true), size: tv.getUint32(at + 12, true), offset: tv.getUint32(at + 16, true), end };
  if (dir.entries === U16 || dir.size === U32 || dir.offset === U32) {
    if (end < 20) throw damaged('a ZIP64 archive without its locator');
    const loc = view(await src.read(end - 20, 20));
    if (loc.getUint32(0, true) !== EOCD64_LOCATOR) throw damaged('a ZIP64 archive without its locator');
    const rec = view(await src.read(u64(loc, 8), 56));
    if (rec.getUint32(0, true) !== EOCD64) throw damaged('the ZIP64 end record is missing');
    dir = { entries: u64(rec, 32), size: u64(rec, 40), offset: u64(rec, 48), end: u64(loc, 8) };
  }
  return dir;
}

/** The directory's records, parsed; refuses more entries than the limits allow before reading them. */
export async function readCentralDirectory(src: ZipSource, limits: ZipLimits): Promise<RawEntry[]> {
  const dir = await findDirectory(src);
  if (dir.entries > limits.entries) throw new ArchiveError('too_large', `The archive has more than ${limits.entries} entries.`);
  if (dir.size > Math.max(1, dir.entries) * CENTRAL_BYTES_PER_ENTRY) throw damaged('its central directory is larger than its entries need');
  // Data prepended to the archive (a self-extractor's stub) shifts every offset: then the directory is found where it ends, at the end record.
  let shift = 0;
  if (dir.entries > 0 && (dir.offset + 4 > dir.end || view(await src.read(dir.offset, 4)).getUint32(0, true) !== CENTRAL)) {
    shift = dir.end - dir.size - dir.offset;
    if (shift <= 0) throw damaged('the central directory is not where the archive says');
  }
  const bytes = await src.read(dir.offset + shift, dir.size);
  const v = view(bytes);
  const out: RawEntry[] = [];
  let p = 0;
  while (out.length < dir.entries) {
    if (p + 46 > bytes.length || v.getUint32(p, true) !== CENTRAL) throw damaged('a central directory record is broken');
    const flags = v.getUint16(p + 8, true);
    const nameLen = v.getUint16(p + 28, true);
    const extraLen = v.getUint16(p + 30, true);
    const commentLen = v.getUint16(p + 32, true);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > bytes.length) throw damaged('a central directory record is broken');
    const entry: RawEntry = {
      nameBytes: bytes.subarray(p + 46, p + 46 + nameLen),
      utf8: (flags & 0x800) !== 0,
      encrypted: (flags & 1) !== 0,
      method: v.getUint16(p + 10, true),
      crc: v.getUint32(p + 16, true),
      compressedSize: v.getUint32(p + 20, true),
      size: v.getUint32(p + 24, true),
      localOffset: v.getUint32(p + 42, true),
    };
    readExtras(bytes.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen), entry);
    entry.localOffset += shift;
    out.push(entry);
    p = next;
  }
  return out;
}

/** ZIP64 sizes and offset (0x0001, present only for the fields set to 0xFFFFFFFF) and the Unicode Path (0x7075). */
function readExtras(extra: Uint8Array, entry: RawEntry): void {
  const v = view(extra);
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = v.getUint16(p, true);
    const len = v.getUint16(p + 2, true);
    const data = extra.subarray(p + 4, p + 4 + len);
    if (data.length < len) break; // a cut-off extra field at the end: ignored, as other readers do
    if (id === 0x0001) {
      const d = view(data);
      let q = 0;
      const take = () => {
        if (q + 8 > data.length) throw damaged('a ZIP64 extra field is too short');
        const n = u64(d, q);
        q += 8;
        return n;
      };
      if (entry.size === U32) entry.size = take();
      if (entry.compressedSize === U32) entry.compressedSize = take();
      if (entry.localOffset === U32) entry.localOffset = take();
    } else if (id === 0x7075) entry.unicodePath = data;
    p += 4 + len;
  }
}
