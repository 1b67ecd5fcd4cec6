import path from 'node:path';
import { looksLikeZip } from '../archive';
import { parseAozora, looksLikeAozora } from './aozoraText';
import { bookError } from './bookError';
import type { ParsedBook } from './bookTypes';
import { parseEpub } from './epubBook';
import { parseHtmlBook, parseMarkdownBook } from './htmlBook';
import { BOOK_LIMITS } from './limits';
import { decodeText } from './textDecoding';

/** Formats that are surely not books, by their magic bytes. */
const NOT_BOOKS: [string, number[]][] = [
  ['PDF', [0x25, 0x50, 0x44, 0x46]],
  ['PNG', [0x89, 0x50, 0x4e, 0x47]],
  ['JPEG', [0xff, 0xd8, 0xff]],
  ['GIF', [0x47, 0x49, 0x46, 0x38]],
  ['gzip', [0x1f, 0x8b]],
  ['RAR', [0x52, 0x61, 0x72, 0x21]],
  ['7z', [0x37, 0x7a, 0xbc, 0xaf]],
  ['SQLite', [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65]],
];

/**
 * Reads a file as a book. The format comes from the bytes (a zip is an EPUB,
 * else text in a detected encoding); only text's flavour (Markdown, HTML) also
 * listens to the file name. Every refusal is a `bookError`.
 */
export async function parseBook(name: string, data: Uint8Array): Promise<ParsedBook> {
  if (data.length > BOOK_LIMITS.fileBytes) throw bookError('too_large', 'The file is too large to import.');
  if (data.length === 0) throw bookError('empty', 'The file is empty.');
  const ext = path.extname(name).toLowerCase();
  const stem = path.basename(name, path.extname(name)) || name;

  let book: ParsedBook;
  if (looksLikeZip(data)) book = await parseEpub(data, stem);
  else {
    const known = NOT_BOOKS.find(([, magic]) => magic.every((b, i) => data[i] === b));
    if (known) throw bookError('not_a_book', `The file is not a book (it is ${known[0]}).`);
    book = parseText(decodeAsText(data), ext, stem);
  }
  checkSize(book);
  return book;
}

/** Bytes no encoding reads: with NUL bytes it is binary data (no book), else text in an encoding we do not know. */
function decodeAsText(data: Uint8Array): string {
  try {
    return decodeText(data).text;
  } catch (e) {
    if (data.subarray(0, 65_536).includes(0)) throw bookError('not_a_book', 'The file is not a book (it holds binary data, not text).');
    throw e;
  }
}

function parseText(text: string, ext: string, stem: string): ParsedBook {
  const base = { author: '', images: [] };
  if (ext === '.md' || ext === '.markdown') return { format: 'markdown', ...base, ...parseMarkdownBook(text, stem) };
  if (['.html', '.htm', '.xhtml'].includes(ext) || /^\s*(<\?xml[^>]*>\s*)?(<!doctype html|<html[\s>])/i.test(text)) {
    return { format: 'html', ...base, ...parseHtmlBook(text, stem) };
  }
  if (looksLikeAozora(text)) return { format: 'aozora', images: [], ...parseAozora(text, { header: true, fallbackTitle: stem }) };
  return { format: 'text', images: [], ...parseAozora(text, { header: false, fallbackTitle: stem }) };
}

function checkSize(book: ParsedBook): void {
  let chars = 0;
  let paragraphs = 0;
  for (const c of book.chapters) {
    paragraphs += c.paragraphs.length;
    for (const p of c.paragraphs) chars += p.text.length;
  }
  if (paragraphs === 0) throw bookError('empty', 'The file contains no text to read.');
  if (chars > BOOK_LIMITS.chars || paragraphs > BOOK_LIMITS.paragraphs) throw bookError('too_large', 'The book is too long to import.');
}
