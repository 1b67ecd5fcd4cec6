import { create } from 'zustand';
import type { BookChapter, BookPosition, BookSummary, OpenedBook } from '../../../shared/contract/books';
import type { CardSource } from '../../../shared/contract/review';
import type { Token } from '../../../shared/domain';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';
import { fileToBase64 } from '../books/bookFiles';
import { BOOK_TOKENS_MARK } from '../perf/marks';
import { useApp } from './appStore';

export type BookSort = 'recent' | 'title' | 'author' | 'progress';
export type WritingMode = 'horizontal' | 'vertical';

/** How the learner likes to read books; kept in this browser (not a synced setting). */
export interface BookLayout {
  mode: WritingMode;
  fontSize: number;
  lineHeight: number;
}

const LAYOUT_KEY = 'yomimono.books.layout';
const DEFAULT_LAYOUT: BookLayout = { mode: 'vertical', fontSize: 22, lineHeight: 1.9 };

function loadLayout(): BookLayout {
  try {
    return { ...DEFAULT_LAYOUT, ...(JSON.parse(localStorage.getItem(LAYOUT_KEY) ?? '{}') as Partial<BookLayout>) };
  } catch {
    return DEFAULT_LAYOUT;
  }
}

interface BooksState {
  query: string;
  sort: BookSort;
  items: BookSummary[];
  status: 'idle' | 'loading' | 'done' | 'error';
  /** The last import: running, done (with the title) or failed. */
  importing: { name: string } | null;
  importResult: { ok: true; title: string } | { ok: false; error: AppErrorData } | null;
  /** The open book, its current chapter and where the learner is. */
  opened: OpenedBook | null;
  chapterIndex: number;
  chapter: BookChapter | null;
  position: BookPosition | null;
  tokens: Record<number, Token[]>;
  layout: BookLayout;
  load(query?: string): Promise<void>;
  setSort(sort: BookSort): void;
  importFile(file: File): Promise<void>;
  remove(id: number): Promise<void>;
  open(id: number): Promise<void>;
  close(): void;
  goChapter(index: number): Promise<void>;
  /** Remembers the position; the save to the core is debounced. */
  setPosition(pos: BookPosition): void;
  /** Asks the offline analyzer for paragraphs that came into view (each once). */
  wantTokens(ids: number[]): void;
  setLayout(patch: Partial<BookLayout>): void;
}

let listRun = 0;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
const SAVE_DELAY_MS = 400;
const requested = new Set<number>();

export const sortBooks = (items: readonly BookSummary[], sort: BookSort): BookSummary[] => {
  const by: Record<BookSort, (a: BookSummary, b: BookSummary) => number> = {
    recent: (a, b) => Math.max(b.openedAt, b.addedAt) - Math.max(a.openedAt, a.addedAt),
    title: (a, b) => a.title.localeCompare(b.title, 'ja'),
    author: (a, b) => a.author.localeCompare(b.author, 'ja') || a.title.localeCompare(b.title, 'ja'),
    progress: (a, b) => b.progress - a.progress,
  };
  return [...items].sort(by[sort]);
};

/** A paragraph of the chapter being read as a card source (book and chapter, ids and titles). */
export function paragraphSource(paragraphId: number): CardSource | undefined {
  const { opened, chapter, chapterIndex } = useBooks.getState();
  const info = opened?.chapters[chapterIndex];
  if (!opened || !info) return undefined;
  return { bookId: opened.book.id, chapterId: info.id, paragraphId, bookTitle: opened.book.title, chapterTitle: chapter?.title || info.title };
}

/** The books library and the book being read. */
export const useBooks = create<BooksState>((set, get) => ({
  query: '',
  sort: 'recent',
  items: [],
  status: 'idle',
  importing: null,
  importResult: null,
  opened: null,
  chapterIndex: 0,
  chapter: null,
  position: null,
  tokens: {},
  layout: loadLayout(),

  async load(query = get().query) {
    const run = ++listRun;
    set({ query, status: 'loading' });
    // No argument rather than `undefined` (JSON sends that as null, which the schema refuses).
    const r = query.trim() ? await bridge.call('books.list', { query: query.trim() }) : await bridge.call('books.list');
    if (run !== listRun) return;
    set(r.ok ? { items: r.value, status: 'done' } : { status: 'error' });
  },

  setSort: (sort) => set({ sort }),

  async importFile(file) {
    set({ importing: { name: file.name }, importResult: null });
    const r = await bridge.call('books.import', { name: file.name, dataBase64: await fileToBase64(file) });
    set({ importing: null, importResult: r.ok ? { ok: true, title: r.value.title } : { ok: false, error: r.error } });
    await get().load();
  },

  async remove(id) {
    await bridge.call('books.delete', id);
    await get().load();
  },

  async open(id) {
    flushSave();
    const r = await bridge.call('books.open', id);
    if (!r.ok) return;
    const pos = r.value.position;
    const index = pos ? Math.max(0, r.value.chapters.findIndex((c) => c.id === pos.chapterId)) : 0;
    set({ opened: r.value, position: pos ?? null, chapter: null, chapterIndex: index, tokens: {} });
    requested.clear();
    await get().goChapter(index);
  },

  close() {
    flushSave();
    set({ opened: null, chapter: null, position: null, tokens: {} });
    void get().load();
  },

  async goChapter(index) {
    const book = get().opened;
    const info = book?.chapters[index];
    if (!book || !info) return;
    const r = await bridge.call('books.chapter', book.book.id, info.id);
    if (!r.ok || get().opened !== book) return;
    set({ chapter: r.value, chapterIndex: index });
  },

  setPosition(pos) {
    set({ position: pos });
    clearTimeout(saveTimer);
    saveTimer = setTimeout(flushSave, SAVE_DELAY_MS);
  },

  wantTokens(ids) {
    const book = get().opened;
    const fresh = ids.filter((id) => !requested.has(id));
    if (!book || fresh.length === 0) return;
    const batch = fresh.slice(0, 100);
    for (const id of batch) requested.add(id);
    void bridge.call('books.tokens', book.book.id, batch).then((r) => {
      if (!r.ok || get().opened !== book) return;
      // For the books benchmark: from here to the readings in the page is the renderer's work.
      performance.clearMarks(BOOK_TOKENS_MARK);
      performance.mark(BOOK_TOKENS_MARK, { detail: Object.keys(r.value) });
      set((s) => ({ tokens: { ...s.tokens, ...r.value } }));
    });
  },

  setLayout(patch) {
    const layout = { ...get().layout, ...patch };
    localStorage.setItem(LAYOUT_KEY, JSON.stringify(layout));
    set({ layout });
  },
}));

/** Writes the pending position now (leaving the book, closing the window). */
function flushSave(): void {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const { opened, position } = useBooks.getState();
  if (opened && position) void bridge.call('books.setPosition', opened.book.id, position);
}

if (typeof window !== 'undefined') window.addEventListener('beforeunload', flushSave);

// A book imported from the File menu (desktop): show it in the library.
bridge.on('books.imported', (r) => {
  useApp.getState().go('books');
  useBooks.setState({ importResult: r.ok ? { ok: true, title: r.title } : { ok: false, error: r.error } });
  void useBooks.getState().load();
});
