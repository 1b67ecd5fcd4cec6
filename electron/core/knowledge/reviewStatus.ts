/**
 * Review feeds word knowledge: when a card is starred or graded, its word (keyed by word identity
 * from the word as starred, in its sentence) becomes `known` once the card's FSRS stability
 * reaches the threshold (Settings, 21 days by default), else `learning`. A new card does not
 * demote a word known from Anki or a list (starring a word you know is no forgetting), and no
 * card overrides a mark.
 */
import type { ReviewCard } from '../../../shared/contract/review';
import type { WordKey, WordStatus } from '../../../shared/words';
import type { WordKnowledge } from './wordKnowledge';

export interface ReviewStatusDeps {
  knowledge: Pick<WordKnowledge, 'entries' | 'setStatus'>;
  wordKey(word: string, sentence: string): Promise<WordKey | null>;
  knownAfterDays(): number;
}

export function statusOfCard(stability: number, knownAfterDays: number): Exclude<WordStatus, 'new' | 'ignored'> {
  return stability >= knownAfterDays ? 'known' : 'learning';
}

/** Applies one card's state to its word; resolves to the status set, or null when nothing changed. */
export async function applyCard(deps: ReviewStatusDeps, card: Pick<ReviewCard, 'word' | 'sentence'>, stability: number): Promise<WordStatus | null> {
  if (card.word.trim() === '') return null; // a sentence card has no word of its own
  const key = await deps.wordKey(card.word, card.sentence || card.word);
  if (!key) return null;
  const status = statusOfCard(stability, deps.knownAfterDays());
  const [now] = deps.knowledge.entries([key]);
  if (status === 'learning' && now && now.status === 'known' && now.source !== 'review') return null;
  return deps.knowledge.setStatus([{ ...key, status }], 'review').updated > 0 ? status : null;
}

export interface ReviewFollower {
  stop(): void;
  /** Resolves once every pending update is done (tests, shutdown). */
  settled(): Promise<void>;
  /** Once per run, in the background: every word card's state applied (cards starred before statuses followed them). */
  catchUpOnce(): void;
}

/** Follows every card starred or graded from now on, one at a time in order (a grade right after a star lands after it). */
export function followReview(
  review: { onCard(l: (card: ReviewCard, stability: number) => void): () => void; wordCards(): Array<Pick<ReviewCard, 'word' | 'sentence'> & { stability: number }> },
  deps: ReviewStatusDeps,
): ReviewFollower {
  let pending: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let caughtUp = false;
  const queue = (card: Pick<ReviewCard, 'word' | 'sentence'>, stability: number) => {
    pending = pending.then(() => (stopped ? null : applyCard(deps, card, stability))).catch(() => undefined);
  };
  const off = review.onCard(queue);
  return {
    stop() {
      stopped = true;
      off();
    },
    settled: () => pending.then(() => undefined),
    catchUpOnce() {
      if (caughtUp) return;
      caughtUp = true;
      for (const c of review.wordCards()) queue(c, c.stability);
    },
  };
}
