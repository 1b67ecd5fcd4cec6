import { ArchiveError, openZip, type ZipReader } from '../archive';
import { bookError } from './bookError';
import { BOOK_LIMITS } from './limits';

/** An archive's refusal as a book's: damaged or unreadable is `corrupt`, past a limit is `too_large`. */
function asBookError(e: unknown): unknown {
  if (!(e instanceof ArchiveError)) return e;
  return bookError(e.problem === 'too_large' ? 'too_large' : 'corrupt', e.message);
}

const mapped =
  <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
  async (...a: A): Promise<R> => {
    try {
      return await f(...a);
    } catch (e) {
      throw asBookError(e);
    }
  };

/** A book's zip (EPUB, Aozora Bunko), within the books' limits; every refusal is a `bookError`. */
export async function openBookZip(data: Uint8Array): Promise<ZipReader> {
  const zip = await mapped(openZip)(data, BOOK_LIMITS.zip);
  return { entries: zip.entries, has: zip.has, read: mapped(zip.read), readText: mapped(zip.readText), close: zip.close };
}
