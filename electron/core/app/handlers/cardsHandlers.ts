import type { cardsMethods } from '../../../../shared/contract/cards';
import { AppError } from '../../../../shared/result';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

const notFound = (id: number) => new AppError({ code: 'not_found', message: `no card ${id}`, status: 404 });

/** The card browser. */
export function cardsHandlers(core: Pick<CoreServices, 'review'>): HandlersFor<typeof cardsMethods> {
  return {
    'cards.browse': (_ctx, q) => core.review.browse(q),
    'cards.get': (_ctx, id) => {
      const card = core.review.get(id);
      if (!card) throw notFound(id);
      return card;
    },
    'cards.update': (_ctx, id, change) => core.review.edit(id, change),
    'cards.delete': (_ctx, id) => ({ removed: core.review.unstar(id) }),
    'cards.picture': (_ctx, id) => {
      const p = core.review.picture(id);
      return p ? { mimeType: p.mimeType, dataBase64: p.data.toString('base64') } : null;
    },
  };
}
