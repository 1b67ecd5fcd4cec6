import { createContext, useContext, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { CardIdentity, StarredState, StarResult, StarSchema } from '../../../../shared/contract/review';
import { modelHeadwordMatches } from '../../../../shared/modelCorrection';
import { choiceFor, choiceKey } from '../cards/cardChoice';
import { readerContext } from '../cards/cardContext';
import type { PhraseDetail } from '../../../../shared/domain';
import { bridge } from '../../bridge';
import { useDetail, type DetailTarget } from '../../stores/detailStore';
import { useReader } from '../../stores/readerStore';
import { translateOnce } from '../../stores/translateOnce';
import { useTranslationStore } from '../../stores/translationStore';
import { sentenceTranslation } from './sentenceTranslation';
import { useReadings, withReading } from '../../stores/readingsStore';

/** The word as written in its sentence: the core finds the card of its headword (泣いていた → 泣く's card). */
const identityOf = (target: DetailTarget): CardIdentity =>
  target.kind === 'word' ? { kind: 'word', word: target.token.word, sentence: target.sentence, offset: target.offset } : { kind: 'word', word: target.phrase, sentence: target.sentence };

/** The sentence's translation from the document's translation on screen, if it gives it (else ''). */
function knownTranslation(sentence: string): string {
  const doc = useReader.getState().doc;
  const tr = useTranslationStore.getState();
  if (!doc || tr.docId !== doc.id || tr.status !== 'done') return '';
  return sentenceTranslation(doc.text, tr.text, sentence);
}

/**
 * The sentence's translation for a card: from the screen when possible, else
 * `reader.translate` of the sentence alone (cached; not linked to the
 * document, whose translation is the whole text's). Offline: ''.
 */
async function translationFor(sentence: string): Promise<string> {
  const known = knownTranslation(sentence);
  if (known) return known;
  const r = await translateOnce(sentence);
  return r.ok ? r.value.text.trim() : '';
}

export type CardLink = Pick<z.input<typeof StarSchema>, 'documentId' | 'source' | 'sourceLabel' | 'picture'>;

/** What links a new card to the text on screen: its history document, the book paragraph it is, else its first line and its image. */
export function documentLink(): CardLink {
  const { documentId, doc } = useReader.getState();
  return { ...(documentId ? { documentId } : {}), ...(doc?.book ? { source: doc.book } : {}), ...readerContext() };
}

/** Where stars under it link their cards, when the text is not the reader's document (a book paragraph in the book view). */
export const CardLinkContext = createContext<(() => CardLink) | null>(null);

/** Whether a card exists for `identity` (and since when), kept in step with star/unstar. */
export function useStarred(identity: CardIdentity | null) {
  const [starred, setStarred] = useState<{ key: string; on: boolean; state?: StarredState } | null>(null);
  const key = identity ? JSON.stringify(identity) : '';
  useEffect(() => {
    if (!identity) return;
    let live = true;
    void bridge.call('review.isStarred', identity).then((r) => {
      if (live) setStarred({ key, on: r.ok && r.value.starred, ...(r.ok ? { state: r.value } : {}) });
    });
    return () => {
      live = false;
    };
    // The identity (key) is what matters, not the object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const mine = starred?.key === key ? starred : null;
  return {
    on: !!mine?.on,
    state: mine?.on ? (mine.state ?? null) : null,
    set: (k: string, on: boolean, card?: StarResult) =>
      setStarred({ key: k, on, ...(on && card ? { state: { starred: true, cardId: card.id, since: card.createdAt, state: card.state } } : {}) }),
  };
}

/** Stars a card, then fills in the sentence translation when it had to be asked for (starring again fills what is empty). */
export async function starWithTranslation(card: z.input<typeof StarSchema>): Promise<StarResult | null> {
  const known = card.translation?.trim() || knownTranslation(card.sentence);
  const r = await bridge.call('review.star', { ...card, translation: known });
  if (!r.ok) return null;
  if (!known && !r.value.translation) {
    void translationFor(card.sentence).then((translation) => {
      if (translation) void bridge.call('review.star', { ...card, translation });
    });
  }
  return r.value;
}

/** The model's meaning of the word, when the model speaks of that word (the correction guard): never of another. */
function modelMeaning(t: DetailTarget, detail: Partial<PhraseDetail>): string {
  if (t.kind === 'word' && !modelHeadwordMatches(t.token, detail.dictionaryForm)) return '';
  return detail.chineseTranslation?.trim() || detail.explanation?.trim() || '';
}

/**
 * The word panel's star: `<DetailPanel {...useDetailStar()} />`. A word or phrase
 * becomes a review card with its reading, meaning, sentence and the sentence's
 * translation; pressing again removes it.
 */
export function useDetailStar(): { onStar: (target: DetailTarget, detail: Partial<PhraseDetail>) => void; starred: boolean; starredState: StarredState | null } {
  const target = useDetail((s) => s.target);
  const link = useContext(CardLinkContext) ?? documentLink;
  const star = useStarred(target ? identityOf(target) : null);

  const onStar = (t: DetailTarget, detail: Partial<PhraseDetail>) => {
    const identity = identityOf(t);
    const k = JSON.stringify(identity);
    if (star.on) {
      void bridge.call('review.unstar', identity).then((r) => r.ok && star.set(k, false));
      return;
    }
    // The learner's own reading of the word first: they corrected the analysis and the model alike.
    const learner = t.kind === 'word' ? useReadings.getState().byWord[t.token.word] : undefined;
    // The analysis's reading, never the model's: the core heads the card by the word's dictionary form and its reading.
    const reading = learner ?? (t.kind === 'word' ? withReading(t.token, {}).furigana : '');
    // The dictionary sense the learner picked (else the core takes the best entry's first); the model's meaning only when picked.
    const choice = choiceFor(choiceKey(identity.word!, t.sentence));
    const model = modelMeaning(t, detail);
    void starWithTranslation({
      kind: 'word',
      word: identity.word!,
      reading,
      meaning: choice.useModel ? model : '',
      explanation: model,
      sentence: t.sentence,
      ...(t.kind === 'word' ? { offset: t.offset } : {}),
      ...(choice.sense && !choice.useModel ? { sense: choice.sense } : {}),
      ...link(),
    }).then((card) => card && star.set(k, true, card));
  };
  return { onStar, starred: star.on, starredState: star.state };
}

/** The "save this sentence for review" toggle: a sentence card with its translation. */
export function useSentenceStar(sentence: string): { starred: boolean; toggle: () => void } {
  const text = sentence.trim();
  const identity: CardIdentity | null = text ? { kind: 'sentence', sentence: text } : null;
  const star = useStarred(identity);
  const link = useContext(CardLinkContext) ?? documentLink;
  const toggle = () => {
    if (!identity) return;
    const k = JSON.stringify(identity);
    if (star.on) {
      void bridge.call('review.unstar', identity).then((r) => r.ok && star.set(k, false));
      return;
    }
    void starWithTranslation({ kind: 'sentence', sentence: text, ...link() }).then((card) => card && star.set(k, true, card));
  };
  return { starred: star.on, toggle };
}
