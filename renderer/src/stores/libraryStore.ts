import { create } from 'zustand';
import type { DocumentSummary, OpenedDocument } from '../../../shared/contract/library';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';
import { registerCacheControls } from '../library/cacheSeam';
import { useApp } from './appStore';
import { useReader } from './readerStore';
import { useTranslationStore } from './translationStore';

const PAGE = 30;

interface LibraryState {
  query: string;
  items: DocumentSummary[];
  total: number;
  status: 'idle' | 'loading' | 'done' | 'error';
  error: AppErrorData | null;
  opened: OpenedDocument | null;
  openError: AppErrorData | null;
  search(query: string): Promise<void>;
  loadMore(): Promise<void>;
  open(id: number): Promise<void>;
  closeDocument(): void;
  remove(id: number): Promise<void>;
  /** Shows the document in the reader; everything it needs comes from the caches. */
  openInReader(doc: OpenedDocument): Promise<void>;
}

let listRun = 0;
let openRun = 0;

/** History: the list (searched in the core with FTS5), and the document being looked at. */
export const useLibrary = create<LibraryState>((set, get) => ({
  query: '',
  items: [],
  total: 0,
  status: 'idle',
  error: null,
  opened: null,
  openError: null,

  async search(query) {
    const run = ++listRun;
    set({ query, status: 'loading', error: null });
    const r = await bridge.call('library.list', { query: query.trim() || undefined, limit: PAGE, offset: 0 });
    if (run !== listRun) return;
    if (r.ok) set({ items: r.value.items, total: r.value.total, status: 'done' });
    else set({ status: 'error', error: r.error });
  },

  async loadMore() {
    const { query, items } = get();
    const run = ++listRun;
    const r = await bridge.call('library.list', { query: query.trim() || undefined, limit: PAGE, offset: items.length });
    if (run !== listRun) return;
    if (r.ok) set({ items: [...items, ...r.value.items], total: r.value.total });
    else set({ error: r.error });
  },

  async open(id) {
    const run = ++openRun;
    set({ openError: null });
    const r = await bridge.call('library.open', id);
    if (run !== openRun) return;
    if (r.ok) set({ opened: r.value, items: get().items.map((i) => (i.id === id ? r.value.document : i)) });
    else set({ openError: r.error });
  },

  closeDocument: () => {
    openRun++;
    set({ opened: null, openError: null });
  },

  async remove(id) {
    const r = await bridge.call('library.delete', id);
    if (!r.ok) return set({ error: r.error });
    set((s) => ({
      items: s.items.filter((i) => i.id !== id),
      total: Math.max(0, s.total - (r.value.deleted ? 1 : 0)),
      opened: s.opened?.document.id === id ? null : s.opened,
    }));
  },

  async openInReader(doc) {
    // A text sent from a book is that book's paragraph again: stars from it keep the book as their source.
    const book = doc.document.source === 'daily' ? null : await bridge.call('books.sourceOf', { text: doc.text });
    const reader = useReader.getState();
    if (doc.document.source === 'daily') {
      // The daily sentence comes analysed and translated: shown as it was stored.
      reader.openAnalysed(doc.text, doc.tokens);
      const shown = useReader.getState().doc;
      if (shown && doc.translation) useTranslationStore.getState().show(shown.id, doc.translation.text);
    } else {
      // Analysing again answers from the cache (or the offline analyzer): no network needed.
      reader.setInput(doc.text, doc.document.source === 'image' ? 'image' : 'typed', book?.ok && book.value ? book.value : undefined);
      useReader.getState().analyze();
    }
    useApp.getState().go('reader');
  },
}));

registerCacheControls();
