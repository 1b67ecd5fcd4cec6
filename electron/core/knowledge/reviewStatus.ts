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

type CardState = Pick<ReviewCard, 'word' | 'sentence'> & { stability: number };

/** Applies one card's state to its word; resolves to the status set, or null when nothing changed. */
export async function applyCard(deps: ReviewStatusDeps, card: Pick<ReviewCard, 'word' | 'sentence'>, stability: number): Promise<WordStatus | null> {
  const [item] = await wanted(deps, [{ ...card, stability }]);
  return item && deps.knowledge.setStatus([item], 'review').updated > 0 ? item.status : null;
}

/**
 * Applies many cards' states in one `setStatus` (one `words.changed` for them all, not one per
 * card: 20,000 cards caught up were 20,000 pushes, each a copy of the renderer's status map).
 * A later card of the same word wins, as when applied one by one.
 */
export async function applyCards(deps: ReviewStatusDeps, cards: readonly CardState[]): Promise<number> {
  const items = await wanted(deps, cards);
  return items.length ? deps.knowledge.setStatus(items, 'review').updated : 0;
}

/** The status each card asks for its word; none for a sentence card, a word no identity knows, or a known word a new card would demote. */
async function wanted(deps: ReviewStatusDeps, cards: readonly CardState[]): Promise<Array<WordKey & { status: WordStatus }>> {
  const items: Array<WordKey & { status: WordStatus }> = [];
  for (const card of cards) {
    if (card.word.trim() === '') continue; // a sentence card has no word of its own
    const key = await deps.wordKey(card.word, card.sentence || card.word);
    if (key) items.push({ ...key, status: statusOfCard(card.stability, deps.knownAfterDays()) });
  }
  const now = deps.knowledge.entries(items);
  return items.filter((item, i) => !(item.status === 'learning' && now[i]!.status === 'known' && now[i]!.source !== 'review'));
}

/** Cards caught up per `setStatus` (and per push to the renderer). */
const CATCH_UP_BATCH = 500;

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
      const cards = review.wordCards();
      for (let i = 0; i < cards.length; i += CATCH_UP_BATCH) {
        const batch = cards.slice(i, i + CATCH_UP_BATCH);
        // Each batch waits its turn behind cards starred or graded meanwhile (they are queued live), and yields to requests first.
        pending = pending
          .then(() => new Promise((r) => setImmediate(r)))
          .then(() => (stopped ? 0 : applyCards(deps, batch)))
          .catch(() => undefined);
      }
    },
  };
}
