/**
 * Coverage figures the views show: per book (library cards, the book's panel) and for the text
 * in the reader. Refetched when the learner's statuses change: the core moves only the changed
 * words, so a refetch is cheap.
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
  /** The reader's text and its figures. */
  text: (CoverageEntry & { text: string }) | null;
  loadBook(bookId: number): Promise<void>;
  loadText(text: string): Promise<void>;
  clearText(): void;
  /** Every figure shown again, after a status change. */
  refresh(): void;
}

export const useCoverage = create<CoverageState>((set, get) => ({
  books: {},
  text: null,
  async loadBook(bookId) {
    const before = get().books[bookId];
    // Figures already shown stay while they are brought up to date.
    set((s) => ({ books: { ...s.books, [bookId]: before?.coverage ? before : { status: 'loading' } } }));
    const r = await bridge.call('coverage.book', bookId);
    set((s) => ({ books: { ...s.books, [bookId]: r.ok ? { status: 'done', coverage: r.value } : { status: 'error', error: r.error } } }));
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
    for (const id of Object.keys(books)) void get().loadBook(Number(id));
    if (text) void get().loadText(text.text);
  },
}));

// A status changed (a mark, a review, an import): the figures on screen follow, once per burst.
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
bridge.on('words.changed', () => {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => useCoverage.getState().refresh(), 250);
});
