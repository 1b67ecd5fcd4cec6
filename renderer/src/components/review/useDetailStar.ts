import { createContext, useContext, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { CardIdentity, StarSchema } from '../../../../shared/contract/review';
import type { PhraseDetail } from '../../../../shared/domain';
import { bridge } from '../../bridge';
import { useDetail, type DetailTarget } from '../../stores/detailStore';
import { useReader } from '../../stores/readerStore';
import { translateOnce } from '../../stores/translateOnce';
import { useTranslationStore } from '../../stores/translationStore';
import { sentenceTranslation } from './sentenceTranslation';
import { useReadings, withReading } from '../../stores/readingsStore';

const identityOf = (target: DetailTarget): CardIdentity => ({ kind: 'word', word: target.kind === 'word' ? target.token.word : target.phrase });

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

export type CardLink = Pick<z.input<typeof StarSchema>, 'documentId' | 'source'>;

/** What links a new card to the text on screen: its history document, and the book paragraph it is. */
function documentLink(): CardLink {
  const { documentId, doc } = useReader.getState();
  return { ...(documentId ? { documentId } : {}), ...(doc?.book ? { source: doc.book } : {}) };
}

/** Where stars under it link their cards, when the text is not the reader's document (a book paragraph in the book view). */
export const CardLinkContext = createContext<(() => CardLink) | null>(null);

/** Whether a card exists for `identity`, kept in step with star/unstar. */
function useStarred(identity: CardIdentity | null) {
  const [starred, setStarred] = useState<{ key: string; on: boolean } | null>(null);
  const key = identity ? JSON.stringify(identity) : '';
  useEffect(() => {
    if (!identity) return;
    let live = true;
    void bridge.call('review.isStarred', identity).then((r) => {
      if (live) setStarred({ key, on: r.ok && r.value.starred });
    });
    return () => {
      live = false;
    };
    // The identity (key) is what matters, not the object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { on: starred?.key === key && starred.on, set: (k: string, on: boolean) => setStarred({ key: k, on }) };
}

/** Stars a card, then fills in the sentence translation when it had to be asked for (starring again updates it). */
async function starWithTranslation(card: z.input<typeof StarSchema>): Promise<boolean> {
  const known = card.translation?.trim() || knownTranslation(card.sentence);
  const r = await bridge.call('review.star', { ...card, translation: known });
  if (!r.ok) return false;
  if (!known) {
    void translationFor(card.sentence).then((translation) => {
      if (translation) void bridge.call('review.star', { ...card, translation });
    });
  }
  return true;
}

/**
 * The word panel's star: `<DetailPanel {...useDetailStar()} />`. A word or phrase
 * becomes a review card with its reading, meaning, sentence and the sentence's
 * translation; pressing again removes it.
 */
export function useDetailStar(): { onStar: (target: DetailTarget, detail: Partial<PhraseDetail>) => void; starred: boolean } {
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
    const reading = learner ?? (detail.furigana?.trim() || (t.kind === 'word' ? withReading(t.token, {}).furigana : ''));
    const meaning = detail.chineseTranslation?.trim() || detail.explanation?.trim() || '';
    void starWithTranslation({ kind: 'word', word: identity.word!, reading, meaning, sentence: t.sentence, ...link() }).then(
      (ok) => ok && star.set(k, true),
    );
  };
  return { onStar, starred: star.on };
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
    void starWithTranslation({ kind: 'sentence', sentence: text, ...link() }).then((ok) => ok && star.set(k, true));
  };
  return { starred: star.on, toggle };
}
