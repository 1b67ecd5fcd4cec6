import type { booksMethods } from '../../../../shared/contract/books';
import type { Token } from '../../../../shared/domain';
import { importBook } from '../../books/importBook';
import { cachedAnalysis } from '../../reader/readerMemory';
import { taskModelChoice } from '../../models/modelChoice';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** Books: import, the library, chapters, the reading position. */
export function booksHandlers(deps: Pick<CoreServices, 'books' | 'words' | 'answers' | 'settings' | 'models'>): HandlersFor<typeof booksMethods> {
  const { books, words, answers } = deps;
  return {
    'books.import': (_ctx, file) => importBook(books, file),
    'books.list': (_ctx, opts) => books.list(opts?.query),
    'books.open': (_ctx, id, opts) => books.open(id, opts ?? {}),
    'books.chapter': (_ctx, bookId, chapterId, part) => books.chapter(bookId, chapterId, part),
    'books.setPosition': (_ctx, bookId, pos) => books.setPosition(bookId, pos),
    'books.bookmarks': (_ctx, bookId) => books.bookmarks(bookId),
    'books.addBookmark': (_ctx, bookId, mark) => books.addBookmark(bookId, mark),
    'books.renameBookmark': (_ctx, bookId, bookmarkId, name) => books.renameBookmark(bookId, bookmarkId, name),
    'books.deleteBookmark': (_ctx, bookId, bookmarkId) => ({ deleted: books.deleteBookmark(bookId, bookmarkId) }),
    'books.tokens': async (ctx, bookId, ids) => {
      // A paragraph the model has analysed (alone, as the reader or "analyse this chapter" sends it) shows that analysis.
      const choice = taskModelChoice(deps.settings.get(), deps.models, 'analysis');
      // All asked of the analyzer at once: they take turns there, and none waits for background work between two of them.
      const done = await Promise.all(
        [...books.paragraphTexts(bookId, ids)].map(async ([id, text]): Promise<[number, Token[]]> => {
          const cached = text ? cachedAnalysis(answers, text, choice) : undefined;
          return [id, !text ? [] : cached ? await words.align(text, cached, ctx.signal) : await words.tokens(text, ctx.signal)];
        }),
      );
      return Object.fromEntries(done) as Record<number, Token[]>;
    },
    'books.analysedParagraphs': (_ctx, bookId, ids) => {
      const choice = taskModelChoice(deps.settings.get(), deps.models, 'analysis');
      return [...books.paragraphTexts(bookId, ids)].filter(([, text]) => text !== '' && cachedAnalysis(answers, text, choice) !== undefined).map(([id]) => id);
    },
    'books.sourceOf': (_ctx, { text }) => books.sourceOf(text) ?? null,
    'books.image': (_ctx, bookId, name) => books.image(bookId, name),
    'books.delete': (_ctx, id) => ({ deleted: books.delete(id) }),
  };
}
