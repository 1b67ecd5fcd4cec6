/**
 * Coverage of texts and books (the fixed `Coverage` definition, README → Coverage). A book is tokenized once
 * per content (offline analyzer, keyed as everywhere: core/words) into a coverage index, kept
 * in SQLite and loaded into the coverage worker with the learner's statuses; a status change
 * then moves only the changed words (coverageState.ts), so the next figures come at once.
 */
import type { Coverage, CoverageProgress, CoverageSentence, CoverageWord } from '../../../shared/contract/coverage';
import type { Token } from '../../../shared/domain';
import type { TokenizeOptions } from '../analyzer';
import { AppError } from '../../../shared/result';
import { wordKeyId, type WordKey, type WordStatus } from '../../../shared/words';
import { CoverageIndexBuilder, indexTokens, sentencesOf, type CoverageIndex } from './coverageIndex';
import type { CoverageCache } from './coverageCache';
import type { CoverageFigures } from './coverageState';
import type { CoverageWorker } from './coverageWorker';
import type { BookHead, BookTexts } from '../books/bookStore';

/** Bumped when what a cached index holds changes (v2: each sentence's place), so older rows are rebuilt. */
const INDEX_VERSION = 'v2';

/** The learner's statuses (core.knowledge): looked up in bulk, and told of every change. */
export interface StatusSource {
  statuses(keys: readonly WordKey[]): WordStatus[];
  onChange(listener: (changed: ReadonlyArray<{ key: WordKey; status: WordStatus }>) => void): () => void;
}

/** What the dictionary knows of a word's level and frequency (the seam for `wordFacts`). */
export type WordFacts = (key: WordKey) => { jlpt?: number; frequency?: number } | null | undefined;

export interface CoverageDeps {
  /** `background` for a whole book: the analyzer serves the reader and lookups first (analyzer.ts). */
  words: { tokens(text: string, signal?: AbortSignal, corrected?: boolean, opts?: TokenizeOptions): Promise<Token[]> };
  /** `head` on every request (one row: whether the index is current); `texts` only to build an index. */
  books: { head(bookId: number): BookHead; texts(bookId: number): BookTexts };
  statuses: StatusSource;
  worker: CoverageWorker;
  cache?: CoverageCache;
  /** What keys words besides the text (the dictionary's edition, the learner's readings): part of the cache key. */
  identityStamp?: () => string;
  wordFacts?: WordFacts;
  /** How far a book measured from scratch is, in characters (after each piece). */
  onProgress?: (p: CoverageProgress) => void;
}

/** Books whose index stays in the worker (most recently asked). */
const LOADED_BOOKS = 8;

const isKnown = (s: WordStatus) => s === 'known' || s === 'ignored';

interface LoadedBook {
  key: string;
  /** What names a sentence's place: the book's title and its chapters' titles by id. */
  title: string;
  chapterTitles: Map<number, string>;
  generation: number;
  ids: Map<string, number>;
}

export const noJapanese = () =>
  new AppError({ code: 'bad_request', message: 'There is no Japanese text to measure.', details: { reason: 'no_japanese' } });

export class CoverageService {
  private readonly loaded = new Map<number, LoadedBook>();
  /** One book built at a time: a second request for it waits for the first. */
  private readonly building = new Map<number, Promise<LoadedBook>>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: CoverageDeps) {
    this.unsubscribe = deps.statuses.onChange((changed) => this.onStatuses(changed));
  }

  close(): void {
    this.unsubscribe();
  }

  async text(text: string, signal?: AbortSignal): Promise<Coverage> {
    const index = indexTokens(await this.deps.words.tokens(text, signal));
    if (index.tokens === 0) throw noJapanese();
    return this.withFacts(await this.deps.worker.once(index, this.knownFlags(index.words)), null);
  }

  async book(bookId: number): Promise<Coverage> {
    for (let attempt = 0; ; attempt++) {
      const book = await this.loadBook(bookId);
      const figures = await this.deps.worker.figures(slotOf(bookId));
      if (figures) {
        if (figures.tokens === 0) throw noJapanese();
        return this.withFacts(figures, { bookId, ...book });
      }
      // The worker restarted and lost the slot: load it again (once).
      this.loaded.delete(bookId);
      if (attempt > 0 || book.generation === this.deps.worker.generation) throw new AppError({ code: 'internal', message: 'coverage worker lost the book' });
    }
  }

  /**
   * The book's index in the worker, current for its content and word keys. Whether it is current
   * comes from the book's row (its content key): the text is read only to build an index.
   */
  private async loadBook(bookId: number): Promise<LoadedBook> {
    const head = this.deps.books.head(bookId);
    const key = `${INDEX_VERSION}|${head.contentKey}|${this.deps.identityStamp?.() ?? ''}`;
    const have = this.loaded.get(bookId);
    if (have && have.key === key && have.generation === this.deps.worker.generation) {
      have.title = head.title;
      // Most recently asked last.
      this.loaded.delete(bookId);
      this.loaded.set(bookId, have);
      return have;
    }
    const pending = this.building.get(bookId);
    if (pending) return pending;
    const build = this.serial(async () => {
      let index = this.deps.cache?.get(bookId, key);
      if (!index) {
        index = await this.indexBook(bookId, this.deps.books.texts(bookId));
        try {
          this.deps.cache?.put(bookId, key, index);
        } catch {
          // The book was deleted meanwhile, or the disk is full: the figures are still right.
        }
      }
      const ids = new Map(index.words.map((w, i) => [wordKeyId(w), i]));
      const generation = this.deps.worker.load(slotOf(bookId), index, this.knownFlags(index.words));
      const book: LoadedBook = { key, generation, ids, title: head.title, chapterTitles: new Map(head.chapters.map((c) => [c.id, c.title])) };
      this.loaded.delete(bookId);
      this.loaded.set(bookId, book);
      for (const old of [...this.loaded.keys()].slice(0, Math.max(0, this.loaded.size - LOADED_BOOKS))) {
        this.loaded.delete(old);
        this.deps.worker.drop(slotOf(old));
      }
      return book;
    });
    this.building.set(bookId, build);
    try {
      return await build;
    } finally {
      this.building.delete(bookId);
    }
  }

  /**
   * Paragraphs tokenized a few thousand characters at a time, with a turn for everything else
   * in between: keying tokens runs on the main thread, and a whole long chapter at once would
   * hold up page turns and hovers (the analyzer itself takes turns between requests).
   */
  private async indexBook(bookId: number, texts: BookTexts): Promise<CoverageIndex> {
    const builder = new CoverageIndexBuilder();
    const total = texts.chapters.reduce((n, ps) => ps.reduce((m, p) => m + p.length, n), 0);
    let done = 0;
    this.deps.onProgress?.({ bookId, done, total });
    for (const [c, paragraphs] of texts.chapters.entries()) {
      const place = texts.places[c]!;
      for (const piece of pieces(paragraphs, PIECE_CHARS)) {
        const tokens = await this.deps.words.tokens(piece.text, undefined, true, { background: true });
        builder.add(sentencesOf(tokens), (s) => [place.chapterId, place.paragraphIds[piece.lines[s.line] ?? piece.lines.at(-1)!]!]);
        done += piece.chars;
        this.deps.onProgress?.({ bookId, done, total });
        await new Promise((r) => setImmediate(r));
      }
    }
    return builder.build();
  }

  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private knownFlags(words: readonly WordKey[]): Uint8Array {
    const statuses = words.length ? this.deps.statuses.statuses(words) : [];
    return Uint8Array.from(statuses, (s) => (isKnown(s) ? 1 : 0));
  }

  /** Only the changed words move, in every loaded book that has them. */
  private onStatuses(changed: ReadonlyArray<{ key: WordKey; status: WordStatus }>): void {
    for (const [bookId, book] of this.loaded) {
      if (book.generation !== this.deps.worker.generation) continue;
      const moves: Array<[number, boolean]> = [];
      for (const c of changed) {
        const i = book.ids.get(wordKeyId(c.key));
        if (i !== undefined) moves.push([i, isKnown(c.status)]);
      }
      if (moves.length) this.deps.worker.set(slotOf(bookId), moves);
    }
  }

  private withFacts(f: CoverageFigures, book: ({ bookId: number } & Pick<LoadedBook, 'title' | 'chapterTitles'>) | null): Coverage {
    // A book's sentence names its place: the reader opens there, and a card starred from it says where it came from.
    const iPlusOne = f.iPlusOne.map(({ at, ...s }): CoverageSentence =>
      at && book ? { ...s, source: { bookId: book.bookId, chapterId: at[0], paragraphId: at[1], bookTitle: book.title, chapterTitle: book.chapterTitles.get(at[0]) ?? '' } } : s,
    );
    const facts = this.deps.wordFacts;
    if (!facts) return { ...f, iPlusOne };
    const memo = new Map<string, CoverageWord>();
    const add = (w: CoverageWord): CoverageWord => {
      const id = wordKeyId(w);
      let out = memo.get(id);
      if (!out) {
        const known = facts(w);
        out = { ...w, ...(known?.jlpt !== undefined ? { jlpt: known.jlpt } : {}), ...(known?.frequency !== undefined ? { frequency: known.frequency } : {}) };
        memo.set(id, out);
      }
      return out;
    };
    return { ...f, unknown: f.unknown.map(add), toReach95: f.toReach95.map(add), iPlusOne };
  }
}

const slotOf = (bookId: number) => `book:${bookId}`;

/** About one analyzer chunk: the most main-thread work one piece of a book costs. */
const PIECE_CHARS = 8_000;

/**
 * Paragraphs joined by line breaks into pieces of about `max` characters (a longer paragraph
 * alone), each with the paragraph (index) of each of its lines: a paragraph may hold line breaks.
 */
function* pieces(paragraphs: readonly string[], max: number): Generator<{ text: string; lines: number[]; chars: number }> {
  let piece: string[] = [];
  let lines: number[] = [];
  let size = 0;
  let chars = 0;
  for (const [i, p] of paragraphs.entries()) {
    if (size > 0 && size + p.length > max) {
      yield { text: piece.join('\n'), lines, chars };
      piece = [];
      lines = [];
      size = 0;
      chars = 0;
    }
    piece.push(p);
    for (let n = p.split('\n').length; n > 0; n--) lines.push(i);
    size += p.length + 1;
    chars += p.length;
  }
  if (piece.length) yield { text: piece.join('\n'), lines, chars };
}
