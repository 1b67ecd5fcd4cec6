import type { coverageMethods } from '../../../../shared/contract/coverage';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** Coverage of a text and of a book. */
export function coverageHandlers(deps: Pick<CoreServices, 'coverage'>): HandlersFor<typeof coverageMethods> {
  const { coverage } = deps;
  return {
    'coverage.text': (ctx, { text }) => coverage.text(text, ctx.signal),
    'coverage.book': (_ctx, bookId) => coverage.book(bookId),
  };
}
