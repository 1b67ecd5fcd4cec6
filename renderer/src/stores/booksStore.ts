import { create } from 'zustand';
import type { BookBookmark, BookChapterPart, BookParagraph, BookPosition, BookSummary, OpenedBook } from '../../../shared/contract/books';
import type { CardSource } from '../../../shared/contract/review';
import type { Token } from '../../../shared/domain';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';
import { fileToBase64 } from '../books/bookFiles';
import { LAYOUT_KEY, loadLayout, normalizeLayout, type BookLayout } from '../books/readerSettings';
import { tokenRequests } from '../books/tokenRequests';
import { useApp } from './appStore';

export type BookSort = 'recent' | 'title' | 'author' | 'progress';
export type { BookLayout, WritingMode } from '../books/readerSettings';

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
  chapter: OpenChapter | null;
  position: BookPosition | null;
  tokens: Record<number, Token[]>;
  layout: BookLayout;
  /** The open book's bookmarks, in reading order. */
  bookmarks: BookBookmark[];
  /** A place to go to in the open book (a bookmark): the view scrolls there when `seq` changes. */
  jump: { position: BookPosition; seq: number } | null;
  load(query?: string): Promise<void>;
  setSort(sort: BookSort): void;
  importFile(file: File): Promise<void>;
  remove(id: number): Promise<void>;
  open(id: number): Promise<void>;
  close(): void;
  goChapter(index: number): Promise<void>;
  /** Loads the paragraphs `from..to` of the open chapter where they have not arrived. */
  wantParagraphs(from: number, to: number): Promise<void>;
  /** Remembers the position; the save to the core is debounced. */
  setPosition(pos: BookPosition): void;
  /** Asks the offline analyzer for paragraphs that came into view (each once): groups in order of need, before anything asked earlier. */
  wantTokens(...groups: number[][]): void;
  setLayout(patch: Partial<BookLayout>): void;
  /** Marks the current place (named after the words there unless a name is given). */
  addBookmark(name?: string): Promise<BookBookmark | null>;
  renameBookmark(id: number, name: string): Promise<void>;
  deleteBookmark(id: number): Promise<void>;
  /** Goes to a place of the open book, in its chapter. */
  jumpTo(position: BookPosition): Promise<void>;
  /** The book at a paragraph (an i+1 sentence's place): opened first when another is open or none. */
  openAt(place: { bookId: number; chapterId: number; paragraphId: number }): Promise<void>;
}

/**
 * The chapter being read: its outline (every paragraph's id and length, for the
 * virtual list, the position and the progress bar) at once, the paragraphs as
 * they arrive — the saved place first, the rest in the background or when scrolled to.
 */
export interface OpenChapter {
  title: string;
  ids: number[];
  /** Characters of each paragraph; -1 for an illustration. */
  chars: number[];
  /** By index in the chapter; `undefined` until that stretch has arrived. */
  paragraphs: Array<BookParagraph | undefined>;
}

/** Paragraphs in the first request of a chapter: a few screens around the saved place. */
const FIRST_PART = 40;
/** Paragraphs per later request. */
const CHUNK = 250;
/** The rest of a chapter starts loading once the first text has had time to show. */
const FILL_DELAY_MS = 300;

/** The paragraphs of a part placed into the chapter (a new object: the view re-renders). */
export function withPart(chapter: OpenChapter, part: Pick<BookChapterPart, 'from' | 'paragraphs'>): OpenChapter {
  const paragraphs = chapter.paragraphs.slice();
  part.paragraphs.forEach((p, i) => {
    if (chapter.ids[part.from + i] === p.id) paragraphs[part.from + i] = p;
  });
  return { ...chapter, paragraphs };
}

/** Chunks (by number) not yet loaded nor asked for, that hold an index in `from..to`. */
export function missingChunks(chapter: OpenChapter, from: number, to: number, asked: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (let k = Math.floor(Math.max(0, from) / CHUNK); k * CHUNK <= Math.min(to, chapter.ids.length - 1); k++) {
    if (asked.has(k)) continue;
    const end = Math.min(chapter.ids.length, (k + 1) * CHUNK);
    for (let i = k * CHUNK; i < end; i++) {
      if (!chapter.paragraphs[i]) {
        out.push(k);
        break;
      }
    }
  }
  return out;
}

let listRun = 0;
/** Chunks asked for, for the chapter object they were asked for. */
let asked = new Set<number>();
let saveTimer: ReturnType<typeof setTimeout> | undefined;
const SAVE_DELAY_MS = 400;
/** The open book's token requests: a few in flight, the newest ask first (tokenRequests.ts says why). */
const tokenAsks = tokenRequests(async (ids) => {
  const book = useBooks.getState().opened;
  if (!book) return false;
  const r = await bridge.call('books.tokens', book.book.id, ids);
  if (r.ok && useBooks.getState().opened === book) useBooks.setState((s) => ({ tokens: { ...s.tokens, ...r.value } }));
  return r.ok;
});

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
  bookmarks: [],
  jump: null,

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
    // The chapter's first part comes with the book: its text shows after one request.
    const r = await bridge.call('books.open', id, { firstPart: FIRST_PART });
    if (!r.ok) return;
    const { part, ...opened } = r.value;
    const pos = opened.position;
    const index = pos ? Math.max(0, opened.chapters.findIndex((c) => c.id === pos.chapterId)) : 0;
    set({ opened, position: pos ?? null, chapter: null, chapterIndex: index, tokens: {}, bookmarks: [], jump: null });
    tokenAsks.reset();
    void loadBookmarks(opened.book.id);
    if (part && part.chapterId === opened.chapters[index]?.id) showFirstPart(index, part);
    else await get().goChapter(index);
  },

  close() {
    flushSave();
    set({ opened: null, chapter: null, position: null, tokens: {}, bookmarks: [], jump: null });
    tokenAsks.reset();
    void get().load();
  },

  async goChapter(index) {
    const book = get().opened;
    const info = book?.chapters[index];
    if (!book || !info) return;
    const pos = get().position;
    const around = pos && pos.chapterId === info.id ? { around: pos.paragraphId } : {};
    const r = await bridge.call('books.chapter', book.book.id, info.id, { ...around, limit: FIRST_PART, outline: true });
    if (!r.ok || get().opened !== book) return;
    showFirstPart(index, r.value);
  },

  async wantParagraphs(from, to) {
    const book = get().opened;
    const chapter = get().chapter;
    const info = book?.chapters[get().chapterIndex];
    if (!book || !chapter || !info) return;
    const mine = asked;
    const chunks = missingChunks(chapter, from, to, mine);
    for (const k of chunks) mine.add(k);
    await Promise.all(
      chunks.map(async (k) => {
        const r = await bridge.call('books.chapter', book.book.id, info.id, { from: k * CHUNK, limit: CHUNK });
        // Still the same chapter (a chapter change starts a new set of asked chunks).
        if (!r.ok || asked !== mine || !get().chapter) {
          if (!r.ok) mine.delete(k);
          return;
        }
        set({ chapter: withPart(get().chapter!, r.value) });
      }),
    );
  },

  setPosition(pos) {
    set({ position: pos });
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => flushSave(), SAVE_DELAY_MS);
  },

  wantTokens(...groups) {
    if (get().opened) tokenAsks.ask(...groups);
  },

  setLayout(patch) {
    const layout = normalizeLayout({ ...get().layout, ...patch });
    try {
      localStorage.setItem(LAYOUT_KEY, JSON.stringify(layout));
    } catch {
      // No storage (private mode): the choice lasts this session.
    }
    set({ layout });
  },

  async addBookmark(name) {
    const { opened, position } = get();
    if (!opened || !position) return null;
    const r = await bridge.call('books.addBookmark', opened.book.id, { ...position, ...(name?.trim() ? { name: name.trim() } : {}) });
    if (!r.ok || get().opened?.book.id !== opened.book.id) return null;
    await loadBookmarks(opened.book.id);
    return r.value;
  },

  async renameBookmark(id, name) {
    const book = get().opened?.book.id;
    if (!book || !name.trim()) return;
    const r = await bridge.call('books.renameBookmark', book, id, name.trim());
    if (r.ok) await loadBookmarks(book);
  },

  async deleteBookmark(id) {
    const book = get().opened?.book.id;
    if (!book) return;
    await bridge.call('books.deleteBookmark', book, id);
    await loadBookmarks(book);
  },

  async jumpTo(position) {
    const book = get().opened;
    if (!book) return;
    const index = book.chapters.findIndex((c) => c.id === position.chapterId);
    if (index < 0) return;
    set({ position, jump: { position, seq: (get().jump?.seq ?? 0) + 1 } });
    flushSave();
    if (index !== get().chapterIndex) await get().goChapter(index);
  },

  async openAt({ bookId, chapterId, paragraphId }) {
    if (get().opened?.book.id !== bookId) await get().open(bookId);
    await get().jumpTo({ chapterId, paragraphId, offset: 0 });
  },
}));

/** The bookmarks of the open book, again from the core. */
async function loadBookmarks(bookId: number): Promise<void> {
  const r = await bridge.call('books.bookmarks', bookId);
  if (r.ok && useBooks.getState().opened?.book.id === bookId) useBooks.setState({ bookmarks: r.value });
}

/** A chapter's first part (with its outline) on screen; the rest loads in the background, nearest the place first, once that text shows. */
function showFirstPart(index: number, part: BookChapterPart): void {
  const { ids, chars } = part.outline ?? { ids: [], chars: [] };
  const empty: OpenChapter = { title: part.title, ids, chars, paragraphs: new Array<BookParagraph | undefined>(ids.length).fill(undefined) };
  asked = new Set();
  const chapter = withPart(empty, part);
  useBooks.setState({ chapter, chapterIndex: index });
  setTimeout(() => void fillChapter(chapter, part.from), FILL_DELAY_MS);
}

/** Loads the chapter's remaining chunks one after another, from the one holding `at` onwards, then those before. */
async function fillChapter(chapter: OpenChapter, at: number): Promise<void> {
  const mine = asked;
  const first = Math.floor(at / CHUNK);
  const last = Math.floor((chapter.ids.length - 1) / CHUNK);
  const order = [...Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i), ...Array.from({ length: first }, (_, i) => first - 1 - i)];
  for (const k of order) {
    if (asked !== mine) return;
    await useBooks.getState().wantParagraphs(k * CHUNK, k * CHUNK);
  }
}

/** Writes the pending position now (leaving the book; `unloading`: the page is going away, and the request must outlive it). */
function flushSave(unloading = false): void {
  clearTimeout(saveTimer);
  saveTimer = undefined;
  const { opened, position } = useBooks.getState();
  if (!opened || !position) return;
  if (unloading) bridge.send('books.setPosition', opened.book.id, position);
  else void bridge.call('books.setPosition', opened.book.id, position);
}

// A reload or a closed tab within the save's delay after a turn: an ordinary request would be cancelled with the page.
if (typeof window !== 'undefined') window.addEventListener('beforeunload', () => flushSave(true));

// A book imported from the File menu (desktop): show it in the library.
bridge.on('books.imported', (r) => {
  useApp.getState().go('books');
  useBooks.setState({ importResult: r.ok ? { ok: true, title: r.title } : { ok: false, error: r.error } });
  void useBooks.getState().load();
});
