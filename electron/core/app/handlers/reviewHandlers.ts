import type { CardIdentity, DueCard, reviewMethods, ReviewCard } from '../../../../shared/contract/review';
import { AnkiConnect } from '../../export/ankiConnect';
import { exportToAnki, type CardAudioSource, type NoteAudio } from '../../export/ankiExport';
import { cardsCsv } from '../../export/cardsCsv';
import { cardHeadword, starInput, type StarDeps } from '../../cards/starCard';
import { cardTokens } from '../../review/cardTokens';
import { cachedSpeech, settingsVoice, speak } from '../../models/speak';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

const EXTENSIONS: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/ogg': 'ogg', 'audio/webm': 'webm' };

/** Review cards (FSRS) and their export. */
export function reviewHandlers(core: Pick<CoreServices, 'review' | 'dictionary' | 'settings' | 'answers' | 'library' | 'words' | 'audio' | 'secrets' | 'config'>): HandlersFor<typeof reviewMethods> {
  /** Cached audio of this text: the current voice first, else any voice (no network). */
  const cachedAudio = (text: string): NoteAudio | undefined => {
    try {
      const hit = cachedSpeech(core, { ...settingsVoice(core), text }, { anyVoice: true });
      if (!hit) return undefined;
      return { data: hit.audio.toString('base64'), filename: `yomimono-${hit.key.slice(0, 20)}.${EXTENSIONS[hit.mimeType] ?? 'mp3'}` };
    } catch {
      return undefined;
    }
  };
  const speaking = new Map<string, ReturnType<typeof speak>>();
  /** Export: the sentence's (else a word card's word's) cached audio; missing audio is synthesized for the sentence. */
  const exportAudio: CardAudioSource = {
    cached: (card: ReviewCard) => cachedAudio(card.sentence) ?? (card.kind === 'word' ? cachedAudio(card.word) : undefined),
    generate: async (card, signal) => {
      // A word card and its sentence's card share the sentence: synthesized once.
      let spoken = speaking.get(card.sentence);
      if (!spoken) {
        spoken = speak(core, { ...settingsVoice(core), text: card.sentence }, { signal: signal ?? new AbortController().signal, anyVoice: true });
        speaking.set(card.sentence, spoken);
        void spoken.catch(() => undefined).finally(() => speaking.delete(card.sentence));
      }
      const { audio, mimeType } = await spoken;
      return cachedAudio(card.sentence) ?? { data: audio, filename: `yomimono-${card.id}.${EXTENSIONS[mimeType] ?? 'mp3'}` };
    },
  };

  const starDeps: StarDeps = {
    wordKey: (word, sentence, offset, signal) => core.words.wordKey(word, sentence, offset, signal),
    lookup: (text, reading) => core.dictionary.lookup(text, reading),
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

    'export.csv': (_ctx, { cardIds }) => cardsCsv(core.review.select(cardIds), Date.now()),
    'export.anki': (ctx, { deck, cardIds }) =>
      exportToAnki(new AnkiConnect(core.config.ankiConnectUrl, { signal: ctx.signal }), core.review.select(cardIds), { deck, audio: exportAudio, signal: ctx.signal }),
  };
}
