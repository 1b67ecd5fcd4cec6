import type { booksMethods } from '../../../../shared/contract/books';
import type { Token } from '../../../../shared/domain';
import type { Analyzer } from '../../analyzer';
import type { BookStore } from '../../books/bookStore';
import { importBook } from '../../books/importBook';
import type { HandlersFor } from '../../rpc/handlers';

/** Books: import, the library, chapters, the reading position. */
export function booksHandlers(deps: { books: BookStore; analyzer: Analyzer }): HandlersFor<typeof booksMethods> {
  const { books, analyzer } = deps;
  return {
    'books.import': (_ctx, file) => importBook(books, file),
    'books.list': (_ctx, opts) => books.list(opts?.query),
    'books.open': (_ctx, id) => books.open(id),
    'books.chapter': (_ctx, bookId, chapterId) => books.chapter(bookId, chapterId),
    'books.setPosition': (_ctx, bookId, pos) => books.setPosition(bookId, pos),
    'books.tokens': async (ctx, bookId, ids) => {
      const out: Record<number, Token[]> = {};
      for (const [id, text] of books.paragraphTexts(bookId, ids)) out[id] = text ? await analyzer.tokenize(text, ctx.signal) : [];
      return out;
    },
    'books.image': (_ctx, bookId, name) => books.image(bookId, name),
    'books.delete': (_ctx, id) => ({ deleted: books.delete(id) }),
  };
}
