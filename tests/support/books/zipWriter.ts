import zlib from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';
import iconv from 'iconv-lite';

export type ZipEntries = Record<string, string | Uint8Array>;

const bytes = (v: string | Uint8Array) => (typeof v === 'string' ? new TextEncoder().encode(v) : v);

/** A zip built in the test (fflate). `mimetype` goes first and stored, as EPUB requires. */
export function makeZip(entries: ZipEntries, opts: { level?: 0 | 6 | 9 } = {}): Uint8Array {
  const files: Zippable = {};
  if (entries.mimetype !== undefined) files.mimetype = [bytes(entries.mimetype), { level: 0 }];
  for (const [name, data] of Object.entries(entries)) {
    if (name !== 'mimetype') files[name] = [bytes(data), { level: opts.level ?? 6 }];
  }
  return zipSync(files);
}

/** How an entry's name is written: UTF-8 with bit 11 set (what fflate does), or without the bit in UTF-8, CP437 or Shift_JIS. */
export type NameEncoding = 'utf8-flagged' | 'utf8-unflagged' | 'cp437' | 'shift_jis';

export interface ZipEntrySpec {
  name: string;
  data: string | Uint8Array;
  /** Default `utf8-flagged`. */
  nameEncoding?: NameEncoding;
  /** The name as the Info-ZIP Unicode Path extra field (0x7075) carries it; `crcOf` writes another name's CRC (a stale field). */
  unicodePath?: { name: string; crcOf?: string };
  /** Default: stored for `mimetype`, else deflated. */
  method?: 'stored' | 'deflated';
  /** Compressed bytes written instead of the data's (the data still gives the CRC and size unless those are set). */
  compressed?: Uint8Array;
  /** The uncompressed size the headers claim (default: the data's). */
  claimedSize?: number;
  crc?: number;
  /** General purpose bit 0. */
  encrypted?: boolean;
  /** Compression method number written instead (e.g. 12, bzip2). */
  methodNumber?: number;
}

export function encodeName(name: string, encoding: NameEncoding): Uint8Array {
  if (encoding === 'cp437' || encoding === 'shift_jis') {
    const out = iconv.encode(name, encoding);
    if (iconv.decode(out, encoding) !== name) throw new Error(`${name} cannot be written in ${encoding}`);
    return out;
  }
  return new TextEncoder().encode(name);
}

/**
 * A zip written byte by byte, for what fflate will not write: names without the UTF-8
 * flag in any encoding, the Unicode Path extra field, headers that lie about sizes,
 * CRCs or methods, prepended data.
 */
export function writeZip(specs: ZipEntrySpec[], opts: { prefix?: Uint8Array; comment?: string; /** ZIP64 end records and size fields, as some tools always write them. */ zip64?: boolean } = {}): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = opts.prefix?.length ?? 0;
  for (const s of specs) {
    const data = bytes(s.data);
    const encoding = s.nameEncoding ?? 'utf8-flagged';
    const name = encodeName(s.name, encoding);
    const method = s.method ?? (s.name === 'mimetype' ? 'stored' : 'deflated');
    const packed = s.compressed ?? (method === 'stored' ? data : zlib.deflateRawSync(data));
    const crc = s.crc ?? zlib.crc32(data);
    const size = s.claimedSize ?? data.length;
    const flags = (encoding === 'utf8-flagged' ? 0x800 : 0) | (s.encrypted ? 1 : 0);
    let extra = Buffer.alloc(0);
    if (opts.zip64) {
      const field = Buffer.alloc(4 + 24);
      field.writeUInt16LE(0x0001, 0);
      field.writeUInt16LE(24, 2);
      field.writeBigUInt64LE(BigInt(size), 4);
      field.writeBigUInt64LE(BigInt(packed.length), 12);
      field.writeBigUInt64LE(BigInt(offset), 20);
      extra = field;
    }
    if (s.unicodePath) {
      const utf8 = Buffer.from(s.unicodePath.name, 'utf8');
      const field = Buffer.alloc(4 + 5 + utf8.length);
      field.writeUInt16LE(0x7075, 0);
      field.writeUInt16LE(5 + utf8.length, 2);
      field.writeUInt8(1, 4);
      field.writeUInt32LE(zlib.crc32(s.unicodePath.crcOf !== undefined ? encodeName(s.unicodePath.crcOf, encoding) : name), 5);
      utf8.copy(field, 9);
      extra = Buffer.concat([extra, field]);
    }
    const methodNumber = s.methodNumber ?? (method === 'stored' ? 0 : 8);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(methodNumber, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    locals.push(local, Buffer.from(name), extra, Buffer.from(packed));
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(methodNumber, 10);
    central.writeUInt32LE(crc, 16);
    const big = opts.zip64 ? 0xffffffff : undefined;
    central.writeUInt32LE(big ?? packed.length, 20);
    central.writeUInt32LE(big ?? size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(big ?? offset, 42);
    centrals.push(central, Buffer.from(name), extra);
    offset += 30 + name.length + extra.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const comment = Buffer.from(opts.comment ?? '', 'latin1');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(opts.zip64 ? 0xffff : specs.length, 8);
  end.writeUInt16LE(opts.zip64 ? 0xffff : specs.length, 10);
  end.writeUInt32LE(opts.zip64 ? 0xffffffff : directory.length, 12);
  end.writeUInt32LE(opts.zip64 ? 0xffffffff : offset, 16);
  end.writeUInt16LE(comment.length, 20);
  const zip64: Buffer[] = [];
  if (opts.zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(specs.length), 24);
    record.writeBigUInt64LE(BigInt(specs.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    zip64.push(record, locator);
  }
  return new Uint8Array(Buffer.concat([opts.prefix ?? Buffer.alloc(0), ...locals, directory, ...zip64, end, comment]));
}

/**
 * A raw deflate stream of one block that inflates to at least `bytes` zeros from about a
 * thousandth of that. zlib writes 1 MiB of zeros as one block whose body is a run of
 * identical bytes (each holding four "copy 258 bytes from 1 back" codes of two bits);
 * every byte added to the run inflates to 1,032 more zeros. One block, with no stored
 * block to stop a reader that ignores its output buffer's end: what a real bomb looks like.
 */
export function deflateBomb(bytes: number): Uint8Array {
  const base = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9 });
  let at = 0;
  let run = 0;
  for (let i = 0; i < base.length; ) {
    let j = i;
    while (j < base.length && base[j] === base[i]) j++;
    if (j - i > run) [at, run] = [i, j - i];
    i = j;
  }
  const extra = Math.max(0, Math.ceil((bytes - 1024 * 1024) / 1032));
  const middle = at + Math.floor(run / 2);
  return new Uint8Array(Buffer.concat([base.subarray(0, middle), Buffer.alloc(extra, base[at]), base.subarray(middle)]));
}
