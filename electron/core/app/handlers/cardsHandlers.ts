import type { cardsMethods } from '../../../../shared/contract/cards';
import { AppError } from '../../../../shared/result';
import { cardsForExport } from '../../cards/cardsForExport';
import { cardFacts } from '../../cards/cardFacts';
import { AnkiConnect } from '../../export/ankiConnect';
import { ankiNoteTypes, exportNotes, type NoteSources } from '../../export/richAnkiExport';
import { speechFile } from '../../export/speechFile';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

const notFound = (id: number) => new AppError({ code: 'not_found', message: `no card ${id}`, status: 404 });

/** The card browser, and rich Anki notes. */
export function cardsHandlers(
  core: Pick<CoreServices, 'review' | 'config' | 'bus' | 'words' | 'dictionary' | 'settings' | 'audio' | 'secrets' | 'wordFacts'>,
): HandlersFor<typeof cardsMethods> {
  const sources: NoteSources = {
    audio: (text, signal) => speechFile(core, text, signal),
    picture: (id) => core.review.picture(id),
    tokens: (sentence, signal) => core.words.tokens(sentence, signal),
    // Read at each card (cardFacts.ts): the chosen sense's parts of speech, the word's pitch, JLPT and frequency.
    ...cardFacts(core),
  };
  const anki = (signal: AbortSignal) => new AnkiConnect(core.config.ankiConnectUrl, { signal });
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
    'anki.noteTypes': (ctx) => ankiNoteTypes(anki(ctx.signal)),
    'anki.export': (ctx, { deck, target, duplicates, scope }) =>
      exportNotes(anki(ctx.signal), cardsForExport(core.review, scope), {
        deck,
        target,
        duplicates,
        sources,
        signal: ctx.signal,
        onProgress: (done, total) => core.bus.emit('cards.ankiProgress', { done, total }),
        onExported: (cardId, noteId) => core.review.markExported(cardId, noteId),
      }),
  };
}
