import { create } from 'zustand';
import type { DueCard, Grade, ReviewStats } from '../../../shared/contract/review';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';

interface ReviewState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Cards still to review in this session; the first is on screen. */
  queue: DueCard[];
  revealed: boolean;
  busy: boolean;
  stats: ReviewStats | null;
  /** When the earliest card graded in this session comes back. */
  nextDue: number | null;
  error: AppErrorData | null;
  load(): Promise<void>;
  reveal(): void;
  grade(grade: Grade): Promise<void>;
  /** Unstars the card on screen. */
  remove(): Promise<void>;
}

const LIMIT = 100;

/** A review session: due cards one by one, graded with FSRS in the core (works offline). */
export const useReview = create<ReviewState>((set, get) => {
  const refill = async () => {
    const [due, stats] = await Promise.all([bridge.call('review.due', { limit: LIMIT }), bridge.call('review.stats')]);
    if (!due.ok) return set({ status: 'error', error: due.error });
    set({ queue: due.value.cards, revealed: false, status: 'ready', error: null, ...(stats.ok ? { stats: stats.value } : {}) });
  };

  return {
    status: 'idle',
    queue: [],
    revealed: false,
    busy: false,
    stats: null,
    nextDue: null,
    error: null,

    async load() {
      set({ status: 'loading', nextDue: null });
      await refill();
    },

    reveal: () => {
      if (get().queue.length > 0) set({ revealed: true });
    },

    async grade(grade) {
      const { queue, busy, revealed } = get();
      const card = queue[0];
      if (!card || busy || !revealed) return;
      set({ busy: true });
      const r = await bridge.call('review.grade', card.id, grade);
      if (!r.ok) return set({ busy: false, error: r.error });
      const nextDue = Math.min(get().nextDue ?? Infinity, r.value.card.due);
      const rest = get().queue.slice(1);
      set({ queue: rest, revealed: false, busy: false, stats: r.value.stats, nextDue, error: null });
      // Learning cards come back within minutes: fetch whatever has become due.
      if (rest.length === 0) await refill();
    },

    async remove() {
      const card = get().queue[0];
      if (!card || get().busy) return;
      set({ busy: true });
      const r = await bridge.call('review.unstar', card.id);
      if (!r.ok) return set({ busy: false, error: r.error });
      set({ queue: get().queue.slice(1), revealed: false, busy: false });
      const stats = await bridge.call('review.stats');
      if (stats.ok) set({ stats: stats.value });
    },
  };
});
