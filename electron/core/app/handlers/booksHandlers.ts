import type { booksMethods } from '../../../../shared/contract/books';
import type { BookStore } from '../../books/bookStore';
import { importBook } from '../../books/importBook';
import type { HandlersFor } from '../../rpc/handlers';

/** Books: import, the library, chapters, the reading position. */
export function booksHandlers(deps: { books: BookStore }): HandlersFor<typeof booksMethods> {
  const { books } = deps;
  return {
    'books.import': (_ctx, file) => importBook(books, file),
    'books.list': (_ctx, opts) => books.list(opts?.query),
    'books.open': (_ctx, id) => books.open(id),
    'books.chapter': (_ctx, bookId, chapterId) => books.chapter(bookId, chapterId),
    'books.setPosition': (_ctx, bookId, pos) => books.setPosition(bookId, pos),
    'books.image': (_ctx, bookId, name) => books.image(bookId, name),
    'books.delete': (_ctx, id) => ({ deleted: books.delete(id) }),
  };
}
