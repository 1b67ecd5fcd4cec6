import fs from 'node:fs';
import path from 'node:path';
import { toErrorData } from '../../../shared/result';
import type { PushBus } from '../rpc/pushBus';
import { bookError } from './bookError';
import type { BookStore } from './bookStore';
import { importBookBytes } from './importBook';
import { BOOK_LIMITS } from './limits';

/**
 * Imports a file chosen in a desktop dialog (the File menu) and tells the window
 * through a push, since no call of the renderer is waiting for it.
 */
export async function importBookFile(deps: { books: BookStore; bus: PushBus }, file: string): Promise<void> {
  try {
    const size = (await fs.promises.stat(file)).size;
    if (size > BOOK_LIMITS.fileBytes) throw bookError('too_large', 'The file is too large to import.');
    const data = await fs.promises.readFile(file);
    // A plain view of the bytes, not a copy: Buffer's slice() would not copy where Uint8Array's does.
    const book = await importBookBytes(deps.books, path.basename(file), new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    deps.bus.emit('books.imported', { ok: true, id: book.id, title: book.title });
  } catch (e) {
    deps.bus.emit('books.imported', { ok: false, error: toErrorData(e) });
  }
}
