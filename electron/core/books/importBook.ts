import type { ImportedBook } from '../../../shared/contract/books';
import { bookError } from './bookError';
import type { BookStore } from './bookStore';
import { parseBook } from './parseBook';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `books.import`: the file's bytes from base64, parsed whole, then kept in one step (nothing half-imported). */
export function importBook(store: BookStore, file: { name: string; dataBase64: string }): ImportedBook {
  const b64 = file.dataBase64.replace(/\s+/g, '');
  if (b64.length % 4 === 1 || !BASE64.test(b64)) throw bookError('corrupt', 'The file did not arrive intact (invalid base64).');
  return importBookBytes(store, file.name, new Uint8Array(Buffer.from(b64, 'base64')));
}

/** A book's bytes parsed whole, then kept in one step. */
export function importBookBytes(store: BookStore, name: string, data: Uint8Array): ImportedBook {
  return store.add(parseBook(name, data), { name, data });
}
