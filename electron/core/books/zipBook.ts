import path from 'node:path';
import type { ZipReader } from '../archive';
import { looksLikeAozora, parseAozora } from './aozoraText';
import { bookError } from './bookError';
import type { BookImage, ParsedBook } from './bookTypes';
import { openBookZip } from './bookZip';
import { isEpub, parseEpub } from './epubBook';
import { decodeBookText } from './textDecoding';

const IMAGE_EXTENSIONS: Record<string, string> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

/** A zip's book: an EPUB, or Aozora Bunko's own distribution (its ruby text, with its illustrations). */
export async function parseZipBook(data: Uint8Array, fallbackTitle: string): Promise<ParsedBook> {
  const zip = await openBookZip(data);
  try {
    if (isEpub(zip)) return await parseEpub(zip, fallbackTitle);
    const text = textEntry(zip);
    if (text) return await parseAozoraZip(zip, text, fallbackTitle);
    throw bookError('not_a_book', 'The file is a zip archive but neither an EPUB nor an Aozora Bunko text.');
  } finally {
    await zip.close();
  }
}

/** The ruby text of an Aozora zip: its `*.txt` (the largest, when a readme comes with it); none in a resource fork. */
function textEntry(zip: ZipReader): string | undefined {
  return zip.entries
    .filter((e) => /\.txt$/i.test(e.name) && !e.name.startsWith('__MACOSX/') && e.size > 0)
    .sort((a, b) => b.size - a.size)[0]?.name;
}

/**
 * Aozora Bunko's zip: the text (Shift_JIS as published, any encoding read from
 * its bytes) and the illustrations its notes place (［＃挿絵（fig…png、横…×縦…）入る］),
 * looked for beside the text, else anywhere in the zip by name.
 */
async function parseAozoraZip(zip: ZipReader, textName: string, fallbackTitle: string): Promise<ParsedBook> {
  const bytes = (await zip.read(textName))!;
  const wanted = new Map<string, string>();
  const figure = (file: string): string | undefined => {
    const entry = imageEntry(zip, textName, file);
    const ext = entry && IMAGE_EXTENSIONS[entry.split('.').pop()!.toLowerCase()];
    if (!entry || !ext) return undefined;
    let stored = wanted.get(entry);
    if (!stored) wanted.set(entry, (stored = `img-${wanted.size + 1}.${ext}`));
    return stored;
  };
  const text = decodeBookText(bytes);
  // A zip that only carries some text (a readme, a log) is no book.
  if (!looksLikeAozora(text)) throw bookError('not_a_book', 'The file is a zip archive but neither an EPUB nor an Aozora Bunko text.');
  const book = parseAozora(text, { header: true, fallbackTitle, figure });
  const images: BookImage[] = [];
  for (const [entry, name] of wanted) images.push({ name, data: (await zip.read(entry))! });
  return { format: 'aozora', ...book, images };
}

function imageEntry(zip: ZipReader, textName: string, file: string): string | undefined {
  const clean = file.replace(/\\/g, '/').trim();
  if (!clean || clean.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(clean)) return undefined;
  const beside = path.posix.normalize(path.posix.join(path.posix.dirname(textName), clean));
  if (!beside.startsWith('../') && zip.has(beside)) return beside;
  const base = path.posix.basename(clean).toLowerCase();
  return zip.entries.find((e) => path.posix.basename(e.name).toLowerCase() === base && !e.name.startsWith('__MACOSX/'))?.name;
}
