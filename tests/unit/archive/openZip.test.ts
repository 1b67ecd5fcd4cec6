/** The one zip reader: what it reads, from memory and from a path, and every way an archive is refused. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArchiveError, DEFAULT_ZIP_LIMITS, looksLikeZip, openZip, type ZipLimits } from '../../../electron/core/archive';
import { makeTempDir } from '../../support/tempDir';
import { deflateBomb, makeZip, writeZip } from '../../support/books/zipWriter';

const MiB = 1024 * 1024;

/** How a promise was refused: `problem: message`, or 'no error'. */
async function refused(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'no error';
  } catch (e) {
    return e instanceof ArchiveError ? `${e.problem}: ${e.message}` : `thrown: ${String(e)}`;
  }
}

const text = (n: number) => Buffer.from('吾輩は猫である。名前はまだ無い。'.repeat(Math.ceil(n / 48))).subarray(0, n);
/** Text that compresses only about 2×, as hex does. */
const noise = (n: number) => Buffer.from(randomBytes(Math.ceil(n / 2)).toString('hex')).subarray(0, n);

let temp: ReturnType<typeof makeTempDir> | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  temp?.cleanup();
  temp = undefined;
});

function onDisk(bytes: Uint8Array): string {
  temp ??= makeTempDir();
  const file = path.join(temp.dir, `a-${Date.now()}-${Math.random()}.zip`);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('openZip', () => {
  const sample = writeZip([
    { name: 'mimetype', data: 'application/epub+zip' },
    { name: 'OEBPS/ch1.xhtml', data: text(200_000) },
    { name: 'OEBPS/empty.txt', data: '' },
    { name: 'OEBPS/pic.bin', data: new Uint8Array([1, 2, 3]), method: 'stored' },
  ]);

  it('lists the entries with their sizes and reads them, stored or deflated, from memory and from a path alike', async () => {
    for (const source of [sample, { path: onDisk(sample) }]) {
      const zip = await openZip(source);
      expect(zip.entries.map((e) => [e.name, e.size])).toEqual([
        ['mimetype', 20],
        ['OEBPS/ch1.xhtml', 200_000],
        ['OEBPS/empty.txt', 0],
        ['OEBPS/pic.bin', 3],
      ]);
      expect(zip.entries[1]!.compressedSize).toBeLessThan(20_000);
      expect(zip.has('OEBPS/ch1.xhtml')).toBe(true);
      expect(zip.has('OEBPS/missing')).toBe(false);
      expect(await zip.read('OEBPS/missing')).toBeUndefined();
      expect(await zip.readText('mimetype')).toBe('application/epub+zip');
      expect(Buffer.from((await zip.read('OEBPS/ch1.xhtml'))!).equals(text(200_000))).toBe(true);
      expect(await zip.readText('OEBPS/empty.txt')).toBe('');
      expect([...(await zip.read('OEBPS/pic.bin'))!]).toEqual([1, 2, 3]);
      await zip.close();
    }
    // fflate's zips (what the EPUB tests build) read the same.
    const zip = await openZip(makeZip({ 'a.txt': 'あ', 'b/c.txt': 'い' }));
    expect(await zip.readText('b/c.txt')).toBe('い');
  });

  it('reads ZIP64 records, and archives with data before them (self-extractors)', async () => {
    const entries = [
      { name: 'a.txt', data: 'first' },
      { name: 'b.txt', data: text(10_000) },
    ];
    for (const zip of [await openZip(writeZip(entries, { zip64: true })), await openZip(writeZip(entries, { prefix: randomBytes(5000) }))]) {
      expect(zip.entries.map((e) => e.name)).toEqual(['a.txt', 'b.txt']);
      expect(await zip.readText('a.txt')).toBe('first');
      expect(Buffer.from((await zip.read('b.txt'))!).equals(text(10_000))).toBe(true);
    }
  });

  it('from a path, reads only the directory and the entry asked for, never the whole file', async () => {
    const file = onDisk(writeZip([{ name: 'big.bin', data: randomBytes(24 * MiB), method: 'stored' }, { name: 'small.txt', data: 'ちいさい' }]));
    let bytesRead = 0;
    const open = fs.promises.open.bind(fs.promises);
    vi.spyOn(fs.promises, 'open').mockImplementation(async (...args: Parameters<typeof open>) => {
      const handle = await open(...args);
      const read = handle.read.bind(handle) as (b: Buffer, o: number, l: number, p: number) => Promise<{ bytesRead: number; buffer: Buffer }>;
      (handle as unknown as { read: typeof read }).read = async (b, o, l, p) => {
        const r = await read(b, o, l, p);
        bytesRead += r.bytesRead;
        return r;
      };
      return handle;
    });
    const zip = await openZip({ path: file });
    expect(await zip.readText('small.txt')).toBe('ちいさい');
    await zip.close();
    expect(bytesRead).toBeGreaterThan(0);
    expect(bytesRead).toBeLessThan(256 * 1024);
  });

  it('refuses an entry that inflates past the size it claims, as soon as it passes it (a 4 KB claim, a 1 GiB stream)', async () => {
    const bomb = writeZip([{ name: 'ch.xhtml', data: new Uint8Array(4000), compressed: deflateBomb(1024 * MiB) }]);
    const zip = await openZip(bomb);
    expect(zip.entries[0]).toMatchObject({ size: 4000 });
    const inflated = vi.spyOn(Uint8Array.prototype, 'set');
    expect(await refused(zip.read('ch.xhtml'))).toBe('damaged: The file is a damaged or truncated archive (ch.xhtml inflates to more than the 4000 bytes it claims).');
    // Nothing past the claim was kept: at most the claim was copied out.
    const copied = inflated.mock.calls.reduce((n, [piece]) => n + (piece as ArrayLike<number>).length, 0);
    expect(copied).toBeLessThanOrEqual(4000);
  });

  it('refuses an entry that inflates to less than it claims, or fails its CRC', async () => {
    const data = noise(50_000);
    expect(await refused((await openZip(writeZip([{ name: 'a', data, claimedSize: 60_000 }]))).read('a'))).toMatch(/^damaged: .*a inflates to 50000 bytes, not the 60000 it claims/);
    expect(await refused((await openZip(writeZip([{ name: 'a', data, crc: 1234 }]))).read('a'))).toMatch(/^damaged: .*a fails its checksum/);
    expect(await refused((await openZip(writeZip([{ name: 'a', data, method: 'stored', crc: 1234 }]))).read('a'))).toMatch(/checksum/);
    // A stored entry that claims another size than it holds.
    expect(await refused((await openZip(writeZip([{ name: 'a', data, method: 'stored', claimedSize: 10 }]))).read('a'))).toMatch(/^damaged: .*stored, yet its two sizes differ/);
    // A deflate stream cut short.
    const cut = zlib.deflateRawSync(data).subarray(0, 1000);
    expect(await refused((await openZip(writeZip([{ name: 'a', data, compressed: cut }]))).read('a'))).toMatch(/^damaged: .*a: unexpected end of file/);
  });

  it('refuses encrypted entries and compression methods it cannot read, and still reads the others', async () => {
    const zip = await openZip(
      writeZip([
        { name: 'locked', data: 'x', encrypted: true },
        { name: 'bzip2', data: 'x', methodNumber: 12 },
        { name: 'plain', data: 'y' },
      ]),
    );
    expect(await refused(zip.read('locked'))).toBe('unsupported: locked is encrypted with a password.');
    expect(await refused(zip.read('bzip2'))).toBe('unsupported: bzip2 is compressed with a method this app cannot read (12).');
    expect(await zip.readText('plain')).toBe('y');
  });

  it('refuses what passes the limits: entries, one entry, the sum, a bomb ratio, and reads past the archive budget', async () => {
    const limits: ZipLimits = { entries: 3, entryBytes: 100_000, totalBytes: 150_000, ratio: 50, ratioFrom: 10_000 };
    const many = writeZip(['a', 'b', 'c', 'd'].map((name) => ({ name, data: name })));
    expect(await refused(openZip(many, limits))).toBe('too_large: The archive has more than 3 entries.');
    expect(await refused(openZip(writeZip([{ name: 'big', data: noise(100_001) }]), limits))).toBe('too_large: An entry of the archive is too large (big).');
    expect(await refused(openZip(writeZip([{ name: 'a', data: noise(80_000) }, { name: 'b', data: noise(80_000) }]), limits))).toBe(
      'too_large: The archive is too large once uncompressed.',
    );
    expect(await refused(openZip(writeZip([{ name: 'zeros', data: new Uint8Array(90_000) }]), limits))).toMatch(/^too_large: .*compressed suspiciously well \(zeros\)/);
    // Within every limit, but read again and again: what inflates is counted, not only what is claimed.
    const zip = await openZip(writeZip([{ name: 'a', data: noise(60_000) }]), limits);
    await zip.read('a');
    await zip.read('a');
    expect(await refused(zip.read('a'))).toBe('too_large: The archive inflates to more than 150000 bytes.');
    expect(DEFAULT_ZIP_LIMITS.entries).toBe(10_000);
  });

  it('refuses a damaged archive: truncated, no end record, a broken directory, two entries of one name', async () => {
    expect(await refused(openZip(sample.subarray(0, sample.length - 30)))).toMatch(/^damaged: /);
    expect(await refused(openZip(sample.subarray(0, 100)))).toMatch(/^damaged: .*no end of central directory/);
    expect(await refused(openZip(new Uint8Array(10)))).toMatch(/^damaged: .*too short/);
    const broken = new Uint8Array(sample);
    const dir = Buffer.from(broken).lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    broken[dir + 1] = 0;
    expect(await refused(openZip(broken))).toMatch(/^damaged: .*central directory record is broken/);
    expect(await refused(openZip(writeZip([{ name: 'a', data: '1' }, { name: 'a', data: '2' }])))).toMatch(/^damaged: .*two entries are named a/);
    // A local header that is not where the directory says.
    const moved = new Uint8Array(writeZip([{ name: 'a', data: 'x' }]));
    moved[0] = 0;
    expect(await refused((await openZip(moved)).read('a'))).toMatch(/^damaged: .*local header is missing/);
  });

  it('knows a zip by its first bytes', () => {
    expect(looksLikeZip(sample)).toBe(true);
    expect(looksLikeZip(writeZip([]))).toBe(true);
    expect(looksLikeZip(new TextEncoder().encode('PK but text'))).toBe(false);
  });
});
