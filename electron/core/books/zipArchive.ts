import { unzipSync, type UnzipFileInfo } from 'fflate';
import { bookError } from './bookError';
import { BOOK_LIMITS } from './limits';

/** An EPUB's zip, read lazily: entries are inflated only when asked for, within the limits. */
export interface ZipArchive {
  names: ReadonlySet<string>;
  has(name: string): boolean;
  /** The entry's bytes; undefined when there is no such entry. */
  read(name: string): Uint8Array | undefined;
  readText(name: string): string | undefined;
}

const corrupt = (why: string) => bookError('corrupt', `The file is a damaged or truncated archive (${why}).`);

/**
 * Lists the entries from the central directory and checks the limits on their
 * declared sizes. fflate inflates each entry into a buffer of its declared size,
 * so a header that lies cannot make an entry larger than what was checked here.
 */
export function openZip(data: Uint8Array, limits = BOOK_LIMITS): ZipArchive {
  const infos = new Map<string, UnzipFileInfo>();
  try {
    unzipSync(data, {
      filter: (f) => {
        infos.set(f.name, f);
        if (infos.size > limits.zipEntries) throw bookError('too_large', `The archive has more than ${limits.zipEntries} entries.`);
        return false;
      },
    });
  } catch (e) {
    throw isBookError(e) ? e : corrupt(e instanceof Error ? e.message : String(e));
  }
  let total = 0;
  for (const f of infos.values()) {
    if (f.originalSize > limits.entryUncompressed) throw bookError('too_large', `An entry of the archive is too large (${f.name}).`);
    if (f.originalSize > limits.ratioCheckedFrom && f.originalSize / Math.max(1, f.size) > limits.compressionRatio) {
      throw bookError('too_large', `An entry of the archive is compressed suspiciously well (${f.name}): refused as a zip bomb.`);
    }
    total += f.originalSize;
  }
  if (total > limits.totalUncompressed) throw bookError('too_large', 'The archive is too large once uncompressed.');

  // No cache: each entry is read once by the importer, and the bytes go as soon as they are parsed.
  const read = (name: string): Uint8Array | undefined => {
    if (!infos.has(name)) return undefined;
    let out: Uint8Array | undefined;
    try {
      out = unzipSync(data, { filter: (f) => f.name === name })[name];
    } catch (e) {
      throw corrupt(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!out) throw corrupt(`${name} is missing`);
    return out;
  };
  return {
    names: new Set(infos.keys()),
    has: (name) => infos.has(name),
    read,
    readText: (name) => {
      const bytes = read(name);
      return bytes ? new TextDecoder('utf-8').decode(bytes) : undefined;
    },
  };
}

function isBookError(e: unknown): boolean {
  return e instanceof Error && e.name === 'AppError';
}

/** Zip files begin with a local file header (or are an empty archive). */
export function looksLikeZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 3 || data[2] === 5) && (data[3] === 4 || data[3] === 6);
}
