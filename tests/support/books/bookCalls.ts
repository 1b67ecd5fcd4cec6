import type { BookSummary, ImportedBook } from '../../../shared/contract/books';
import { callOk } from '../dispatch';
import type { TestCore } from '../testCore';

export const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64');

/** The library's calls on a test core (reached lazily: the core is made in a `beforeAll`). */
export function bookCalls(core: () => TestCore) {
  return {
    importFile: (name: string, data: Uint8Array) => callOk<ImportedBook>(core(), 'books.import', { name, dataBase64: b64(data) }),
    list: (query?: string) => callOk<BookSummary[]>(core(), 'books.list', query === undefined ? undefined : { query }),
  };
}
