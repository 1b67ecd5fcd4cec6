/**
 * The one zip reader of the app (EPUBs, Aozora Bunko zips, Yomitan dictionaries…):
 * entries listed from the central directory and checked against the caller's limits,
 * each inflated only when asked for, off the main thread's long turns, and never past
 * what it claims. From a path the file is read by position, never whole.
 */
import { ArchiveError, damaged } from './archiveError';
import { readCentralDirectory, type RawEntry } from './centralDirectory';
import { readEntryData, type InflateBudget } from './entryData';
import { decodeEntryNames } from './entryNames';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './limits';
import { fileSource, memorySource, type ZipSource } from './zipSource';

export interface ZipEntry {
  name: string;
  /** Uncompressed size, as claimed (reads hold the entry to it). */
  size: number;
  compressedSize: number;
}

export interface ZipReader {
  entries: readonly ZipEntry[];
  has(name: string): boolean;
  /** The entry's bytes; undefined when there is no such entry. */
  read(name: string): Promise<Uint8Array | undefined>;
  /** The entry as UTF-8 text; undefined when there is no such entry. */
  readText(name: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/** The claimed sizes against the limits: an entry too large, a bomb's ratio, a sum too large. */
function checkClaims(entries: readonly ZipEntry[], limits: ZipLimits): void {
  let total = 0;
  for (const e of entries) {
    if (e.size > limits.entryBytes) throw new ArchiveError('too_large', `An entry of the archive is too large (${e.name}).`);
    if (e.size > limits.ratioFrom && e.size / Math.max(1, e.compressedSize) > limits.ratio) {
      throw new ArchiveError('too_large', `An entry of the archive is compressed suspiciously well (${e.name}): refused as a zip bomb.`);
    }
    total += e.size;
  }
  if (total > limits.totalBytes) throw new ArchiveError('too_large', 'The archive is too large once uncompressed.');
}

async function readerOf(src: ZipSource, limits: ZipLimits): Promise<ZipReader> {
  const raw = await readCentralDirectory(src, limits);
  const names = decodeEntryNames(raw.map((r) => ({ bytes: r.nameBytes, utf8: r.utf8, ...(r.unicodePath ? { unicodePath: r.unicodePath } : {}) })));
  const byName = new Map<string, RawEntry>();
  const entries: ZipEntry[] = [];
  raw.forEach((r, i) => {
    const name = names[i]!;
    // Two entries of one name: readers disagree on which one counts, and a book could show one tool one text and us another.
    if (byName.has(name)) throw damaged(`two entries are named ${name}`);
    byName.set(name, r);
    entries.push({ name, size: r.size, compressedSize: r.compressedSize });
  });
  checkClaims(entries, limits);

  const budget: InflateBudget = { left: limits.totalBytes, limit: limits.totalBytes };
  let closed = false;
  const read = async (name: string): Promise<Uint8Array | undefined> => {
    if (closed) throw new Error('The archive is closed.');
    const entry = byName.get(name);
    return entry ? readEntryData(src, entry, name, budget) : undefined;
  };
  return {
    entries,
    has: (name) => byName.has(name),
    read,
    readText: async (name) => {
      const bytes = await read(name);
      return bytes ? new TextDecoder('utf-8').decode(bytes) : undefined;
    },
    close: async () => {
      closed = true;
      await src.close();
    },
  };
}

/** Opens a zip held in memory or at a path; refuses it (ArchiveError) when damaged or past `limits`. */
export async function openZip(source: Uint8Array | { path: string }, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipReader> {
  const src = source instanceof Uint8Array ? memorySource(source) : await fileSource(source.path);
  try {
    return await readerOf(src, limits);
  } catch (e) {
    await src.close();
    throw e;
  }
}

/** Zip files begin with a local file header (or are an empty archive). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}
