import { useEffect, useState } from 'react';
import type { CardIdentity } from '../../../../shared/contract/review';
import type { PhraseDetail } from '../../../../shared/domain';
import { bridge } from '../../bridge';
import { useDetail, type DetailTarget } from '../../stores/detailStore';
import { useReader } from '../../stores/readerStore';

const identityOf = (target: DetailTarget): CardIdentity => ({ kind: 'word', word: target.kind === 'word' ? target.token.word : target.phrase });

/**
 * The word panel's star: `<DetailPanel {...useDetailStar()} />`. A word or phrase
 * becomes a review card with its reading, meaning and sentence; pressing again
 * removes it.
 */
export function useDetailStar(): { onStar: (target: DetailTarget, detail: Partial<PhraseDetail>) => void; starred: boolean } {
  const target = useDetail((s) => s.target);
  const [starred, setStarred] = useState<{ key: string; on: boolean } | null>(null);
  const key = target ? JSON.stringify(identityOf(target)) : '';

  useEffect(() => {
    if (!target) return;
    let live = true;
    void bridge.call('review.isStarred', identityOf(target)).then((r) => {
      if (live) setStarred({ key, on: r.ok && r.value.starred });
    });
    return () => {
      live = false;
    };
    // The identity (key) is what matters, not the target object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const on = starred?.key === key && starred.on;
  const onStar = (t: DetailTarget, detail: Partial<PhraseDetail>) => {
    const identity = identityOf(t);
    const k = JSON.stringify(identity);
    if (on) {
      void bridge.call('review.unstar', identity).then((r) => r.ok && setStarred({ key: k, on: false }));
      return;
    }
    const reading = detail.furigana?.trim() || (t.kind === 'word' ? t.token.furigana : '');
    const meaning = detail.chineseTranslation?.trim() || detail.explanation?.trim() || '';
    const documentId = useReader.getState().documentId ?? undefined;
    void bridge
      .call('review.star', { kind: 'word', word: identity.word!, reading, meaning, sentence: t.sentence, ...(documentId ? { documentId } : {}) })
      .then((r) => r.ok && setStarred({ key: k, on: true }));
  };
  return { onStar, starred: on };
}

/** Stars a whole sentence (a sentence card), e.g. from the reading toolbar. */
export async function starSentence(sentence: string, translation = '', documentId?: number): Promise<boolean> {
  const r = await bridge.call('review.star', { kind: 'sentence', sentence, translation, ...(documentId ? { documentId } : {}) });
  return r.ok;
}
