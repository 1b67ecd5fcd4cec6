/**
 * Coverage figures the views show: per book (library cards, the book's panel) and for the text
 * in the reader. Refetched when the learner's statuses change: the core moves only the changed
 * words, so a refetch is cheap.
 *
 * Library cards ask only once they come into view, and one book at a time (`wantBook`): a
 * book never measured is tokenized whole, and a library of fifty must not set fifty of those
 * going at once on its first show (the analyzer is the reader's too). The book's own panel
 * asks at once (`loadBook`).
 */
import { create } from 'zustand';
import type { Coverage } from '../../../shared/contract/coverage';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';

export interface CoverageEntry {
  status: 'loading' | 'done' | 'error';
  coverage?: Coverage;
  error?: AppErrorData;
}

interface CoverageState {
  books: Record<number, CoverageEntry>;
  /** Books being measured from scratch: how far, 0..1. */
  progress: Record<number, number>;
  /** The reader's text and its figures. */
  text: (CoverageEntry & { text: string }) | null;
  loadBook(bookId: number): Promise<void>;
  /** A library card's figure: queued, asked one book at a time; nothing when it is there or on its way. */
  wantBook(bookId: number): void;
  loadText(text: string): Promise<void>;
  clearText(): void;
  /** Every figure shown again, after a status change. */
  refresh(): void;
}

export const useCoverage = create<CoverageState>((set, get) => ({
  books: {},
  progress: {},
  text: null,
  async loadBook(bookId) {
    const before = get().books[bookId];
    // Figures already shown stay while they are brought up to date.
    set((s) => ({ books: { ...s.books, [bookId]: before?.coverage ? before : { status: 'loading' } } }));
    const r = await bridge.call('coverage.book', bookId);
    set((s) => ({ books: { ...s.books, [bookId]: r.ok ? { status: 'done', coverage: r.value } : { status: 'error', error: r.error } } }));
  },
  wantBook(bookId) {
    if (get().books[bookId] || waiting.includes(bookId)) return;
    set((s) => ({ books: { ...s.books, [bookId]: { status: 'loading' } } }));
    waiting.push(bookId);
    pump();
  },
  async loadText(text) {
    const before = get().text;
    set({ text: before?.text === text && before.coverage ? before : { text, status: 'loading' } });
    const r = await bridge.call('coverage.text', { text });
    if (get().text?.text !== text) return; // another text meanwhile
    set({ text: r.ok ? { text, status: 'done', coverage: r.value } : { text, status: 'error', error: r.error } });
  },
  clearText() {
    set({ text: null });
  },
  refresh() {
    const { books, text } = get();
    for (const id of Object.keys(books).map(Number)) if (!waiting.includes(id)) waiting.push(id);
    pump();
    if (text) void get().loadText(text.text);
  },
}));

/** Books whose figures are wanted, in order; one asked at a time. */
const waiting: number[] = [];
let asking = false;

function pump(): void {
  if (asking) return;
  const next = waiting.shift();
  if (next === undefined) return;
  asking = true;
  void useCoverage
    .getState()
    .loadBook(next)
    .finally(() => {
      asking = false;
      pump();
    });
}

bridge.on('coverage.progress', ({ bookId, done, total }) => {
  useCoverage.setState((s) => {
    const progress = { ...s.progress };
    if (done >= total) delete progress[bookId];
    else progress[bookId] = total > 0 ? done / total : 0;
    return { progress };
  });
});

// A status changed (a mark, a review, an import): the figures on screen follow, once per burst.
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
bridge.on('words.changed', () => {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => useCoverage.getState().refresh(), 250);
});
