import type { ImportedBook } from '../../../shared/contract/books';
import { decodeBase64File } from '../rpc/base64File';
import { bookError } from './bookError';
import type { BookStore } from './bookStore';
import { parseBook } from './parseBook';

/** `books.import`: the file's bytes from base64, parsed whole, then kept in one step (nothing half-imported). */
export async function importBook(store: BookStore, file: { name: string; dataBase64: string }): Promise<ImportedBook> {
  const data = await decodeBase64File(file.dataBase64);
  if (!data) throw bookError('corrupt', 'The file did not arrive intact (invalid base64).');
  return importBookBytes(store, file.name, data);
}

/** A book's bytes parsed whole, then kept in one step. */
export async function importBookBytes(store: BookStore, name: string, data: Uint8Array): Promise<ImportedBook> {
  return store.add(await parseBook(name, data), { name, data });
}
