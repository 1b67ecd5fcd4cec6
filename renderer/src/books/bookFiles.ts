import { BOOK_FILE_EXTENSIONS } from '../../../shared/contract/books';

/** Files the books importer reads (the core decides from the bytes; this only routes a drop away from OCR). */
const BOOK_EXTENSIONS = BOOK_FILE_EXTENSIONS.map((e) => `.${e}`);
export const BOOK_ACCEPT = [...BOOK_EXTENSIONS, 'application/epub+zip', 'application/zip', 'text/plain', 'text/markdown', 'text/html'].join(',');

export function isBookFile(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  return BOOK_EXTENSIONS.some((e) => name.endsWith(e)) || file.type === 'application/epub+zip';
}

/** The file's bytes as base64, in chunks (a String.fromCharCode of a whole book overflows the stack). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
