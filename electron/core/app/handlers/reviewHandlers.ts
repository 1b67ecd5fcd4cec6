import type { CardIdentity, DueCard, reviewMethods } from '../../../../shared/contract/review';
import { cardsCsv, type CsvFactsSource } from '../../export/cardsCsv';
import { cardFacts } from '../../cards/cardFacts';
import { cardHeadword, starInput, type StarDeps } from '../../cards/starCard';
import { cardTokens } from '../../review/cardTokens';
import { settingsVoice, speak } from '../../models/speak';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** Review cards (FSRS) and their CSV export (Anki notes: cardsHandlers' `anki.export`). */
export function reviewHandlers(core: Pick<CoreServices, 'review' | 'dictionary' | 'settings' | 'answers' | 'library' | 'words' | 'audio' | 'secrets' | 'config' | 'wordFacts' | 'books'>): HandlersFor<typeof reviewMethods> {
  /** A word card's parts of speech (its dictionary sense) and word facts (pitch, frequency, JLPT), as its Anki note has them. */
  const facts = cardFacts(core);
  const csvFacts: CsvFactsSource = async (card) => ({
    ...(card.reading ? await facts.wordFacts({ term: card.word, reading: card.reading }) : undefined),
    partOfSpeech: facts.partOfSpeech(card),
  });
  const starDeps: StarDeps = {
    wordKey: (word, sentence, offset, signal) => core.words.wordKey(word, sentence, offset, signal),
    lookup: (text, reading) => core.dictionary.lookup(text, reading),
    bookPicture: (source) => core.books.illustrationNear(source),
  };
  /** A word identity as the cards key it: the headword of the form given, the form kept to find older cards. */
  const cardIdentityOf = async (identity: CardIdentity, signal?: AbortSignal): Promise<CardIdentity & { surface?: string }> => {
    if (identity.kind !== 'word' || !identity.word) return identity;
    const key = await cardHeadword(identity.word, identity.reading ?? '', identity.sentence ?? identity.word, starDeps, identity.offset, signal);
    return { kind: 'word', word: key.term, reading: key.reading, surface: identity.word };
  };

  return {
    // Every door gets the right card: the headword of the form given, the dictionary's sense (see cards/starCard).
    'review.star': async (ctx, input) => core.review.star(await starInput(input, starDeps, ctx.signal)),
    'review.unstar': async (ctx, target) => ({ removed: core.review.unstar(typeof target === 'number' ? target : await cardIdentityOf(target, ctx.signal)) }),
    'review.isStarred': async (ctx, identity) => {
      const cardId = core.review.idOf(await cardIdentityOf(identity, ctx.signal));
      const card = cardId === undefined ? undefined : core.review.get(cardId);
      return card ? { starred: true, cardId: card.id, since: card.createdAt, state: card.state } : { starred: false };
    },
    'review.due': async (ctx, { limit }) => {
      const due = core.review.due(limit);
      const s = core.settings.get();
      const sources = { answers: core.answers, library: core.library, words: core.words, choice: { provider: s.provider, model: s.models[s.provider] } };
      const cards: DueCard[] = [];
      for (const card of due.cards) {
        const tokens = card.kind === 'sentence' ? await cardTokens(card.sentence, card.documentId, sources, ctx.signal) : undefined;
        cards.push(tokens ? { ...card, tokens } : card);
      }
      return { ...due, cards };
    },
    'review.grade': (_ctx, id, grade) => core.review.grade(id, grade),
    'review.stats': () => core.review.stats(),
    'review.audio': (ctx, { text }) => speak(core, { ...settingsVoice(core), text }, { signal: ctx.signal, anyVoice: true }),
    'review.cards': (_ctx, { limit, offset }) => core.review.page(limit, offset),

    'export.csv': (_ctx, { cardIds }) => cardsCsv(core.review.select(cardIds), Date.now(), csvFacts),
  };
}
