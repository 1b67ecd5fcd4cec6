import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { BookBookmark, BookChapterInfo, BookChapterOutline, BookChapterPart, BookChapterPartRequest, BookFormat, BookGaiji, BookParagraph, BookPosition, BookRuby, BookSummary, ImportedBook, OpenedBook } from '../../../shared/contract/books';
import type { CardSource } from '../../../shared/contract/review';
import { AppError } from '../../../shared/result';
import { BookSearch } from './bookSearch';
import type { ParsedBook } from './bookTypes';

const BOOKS_DIR = 'books';
/** Paragraphs sent before the saved one when a chapter is opened in part. */
const PART_LEAD = 8;
/** How many paragraphs away an illustration still belongs to a card starred in a book. */
export const ILLUSTRATION_REACH = 3;
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

interface BookmarkRow {
  id: number;
  chapter_id: number;
  paragraph_id: number;
  offset: number;
  name: string;
  created_at: number;
  text: string;
  start: number;
  chapter_title: string;
}

/** A few words of the text from a place, for a bookmark's name and its line in the list. */
const excerptAt = (text: string, offset: number) => {
  const s = text.slice(offset).trim() || text.trim();
  return [...s].slice(0, BOOKMARK_EXCERPT).join('') + ([...s].length > BOOKMARK_EXCERPT ? '…' : '');
};
const BOOKMARK_EXCERPT = 24;

const bookmarkOf = (r: BookmarkRow, chars: number): BookBookmark => ({
  id: r.id,
  chapterId: r.chapter_id,
  paragraphId: r.paragraph_id,
  offset: r.offset,
  name: r.name,
  createdAt: r.created_at,
  chapterTitle: r.chapter_title,
  excerpt: excerptAt(r.text, r.offset),
  progress: chars > 0 ? Math.min(1, (r.start + r.offset) / chars) : 0,
});

const notFound = (what: string) => new AppError({ code: 'not_found', message: `${what} was not found.`, status: 404 });
const hashOf = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/** A book with how far into it the saved position is (progress_at). */
const BOOK_ROWS = `SELECT b.id, b.title, b.author, b.format, b.chars, b.cover, b.added_at, b.opened_at,
    (SELECT p.start + pos.offset FROM book_positions pos JOIN book_paragraphs p ON p.id = pos.paragraph_id
      WHERE pos.book_id = b.id) AS progress_at
  FROM books b`;

interface BookRow {
  id: number;
  title: string;
  author: string;
  format: BookFormat;
  chars: number;
  cover: string | null;
  added_at: number;
  opened_at: number;
  progress_at: number | null;
}

/** Books in SQLite, their images under `<appDataDir>/books/<id>/`. */
export class BookStore {
  readonly dir: string;

  /** Statements prepared once: chapters, positions and paragraph texts are read on every scroll. */
  private readonly statements = new Map<string, Database.Statement>();

  private prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s as unknown as Database.Statement<P, R>;
  }

  private readonly search: BookSearch;

  constructor(private readonly db: Database.Database, appDataDir: string) {
    this.dir = path.join(appDataDir, BOOKS_DIR);
    this.search = new BookSearch(db);
    // Images of an import the app did not live to finish (a crash, a kill).
    if (fs.existsSync(this.dir)) {
      for (const name of fs.readdirSync(this.dir)) if (name.startsWith('.import-')) fs.rmSync(path.join(this.dir, name), { recursive: true, force: true });
    }
  }

  /**
   * Keeps a parsed book. Images go to a temporary folder first and are renamed
   * into place as the last step of the transaction: a failure anywhere leaves
   * neither rows nor files behind.
   */
  add(book: ParsedBook, file: { name: string; data: Uint8Array }, now = Date.now()): ImportedBook {
    fs.mkdirSync(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `.import-${randomUUID()}`);
    try {
      if (book.images.length) {
        fs.mkdirSync(tmp);
        for (const img of book.images) fs.writeFileSync(path.join(tmp, img.name), img.data);
      }
      this.search.invalidate();
      return this.db.transaction(() => {
        const imported = this.insert(book, file, now);
        if (book.images.length) {
          const target = this.bookDir(imported.id);
          fs.rmSync(target, { recursive: true, force: true }); // left by a crash between rename and commit
          fs.renameSync(tmp, target);
        }
        return imported;
      }).immediate();
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  private insert(book: ParsedBook, file: { name: string; data: Uint8Array }, now: number): ImportedBook {
    const chars = book.chapters.reduce((n, c) => n + c.paragraphs.reduce((m, p) => m + p.text.length, 0), 0);
    const id = Number(
      this
        .prepare('INSERT INTO books (title, author, format, file_name, file_hash, chars, cover, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(book.title, book.author, book.format, file.name, hashOf(file.data), chars, book.cover ?? null, now).lastInsertRowid,
    );
    const addChapter = this.prepare('INSERT INTO book_chapters (book_id, idx, title, chars) VALUES (?, ?, ?, ?)');
    const addParagraph = this.prepare(
      'INSERT INTO book_paragraphs (chapter_id, idx, text, ruby, gaiji, image, heading, start, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const addImage = this.prepare('INSERT INTO book_images (book_id, name, data) VALUES (?, ?, ?)');
    for (const img of book.images) addImage.run(id, img.name, img.data);
    let start = 0;
    const content = contentHash();
    const chapters: BookChapterInfo[] = book.chapters.map((c, ci) => {
      const chapterChars = c.paragraphs.reduce((m, p) => m + p.text.length, 0);
      const chapterId = Number(addChapter.run(id, ci, c.title, chapterChars).lastInsertRowid);
      c.paragraphs.forEach((p, pi) => {
        const hash = hashOf(p.text);
        content.add(hash);
        addParagraph.run(chapterId, pi, p.text, p.ruby ? JSON.stringify(p.ruby) : null, p.gaiji ? JSON.stringify(p.gaiji) : null, p.image ?? null, p.heading ? 1 : 0, start, hash);
        start += p.text.length;
      });
      return { id: chapterId, title: c.title, chars: chapterChars };
    });
    this.prepare('UPDATE books SET content_key = ? WHERE id = ?').run(content.key(), id);
    return { id, title: book.title, author: book.author, chapters };
  }

  /** Most recently opened (else added) first. `query` matches title, author, or the text (a word of any length). */
  list(query?: string): BookSummary[] {
    const q = query?.trim() ?? '';
    const rows = this
      .prepare<[], BookRow>(
        `${BOOK_ROWS} ORDER BY MAX(b.opened_at, b.added_at) DESC, b.id DESC`,
      )
      .all();
    const summaries = rows.map((r) => this.summary(r));
    if (!q) return summaries;
    const needle = q.toLowerCase();
    const inText = this.search.matches(q);
    return summaries
      .filter((b) => b.title.toLowerCase().includes(needle) || b.author.toLowerCase().includes(needle) || inText.has(b.id))
      .map((b) => (inText.has(b.id) ? { ...b, match: inText.get(b.id)! } : b));
  }

  private summary(r: BookRow): BookSummary {
    return {
      id: r.id,
      title: r.title,
      author: r.author,
      chars: r.chars,
      progress: r.chars > 0 && r.progress_at !== null ? Math.min(1, r.progress_at / r.chars) : 0,
      read: Math.min(r.chars, r.progress_at ?? 0),
      openedAt: r.opened_at,
      addedAt: r.added_at,
      format: r.format,
      ...(r.cover ? { cover: r.cover } : {}),
    };
  }

  private row(id: number): BookRow {
    const r = this
      .prepare<[number], BookRow>(
        `${BOOK_ROWS} WHERE b.id = ?`,
      )
      .get(id);
    if (!r) throw notFound('The book');
    return r;
  }

  chapters(bookId: number): BookChapterInfo[] {
    return this.prepare<[number], BookChapterInfo>('SELECT id, title, chars FROM book_chapters WHERE book_id = ? ORDER BY idx').all(bookId);
  }

  /** The table of contents and the saved position, with `firstPart` paragraphs there to show at once; marks the book opened. */
  open(bookId: number, opts: { firstPart?: number } = {}, now = Date.now()): OpenedBook {
    const row = this.row(bookId);
    this.prepare('UPDATE books SET opened_at = ? WHERE id = ?').run(now, bookId);
    const pos = this
      .prepare<[number], BookPosition>('SELECT chapter_id AS chapterId, paragraph_id AS paragraphId, offset FROM book_positions WHERE book_id = ?')
      .get(bookId);
    const chapters = this.chapters(bookId);
    const chapterId = pos && chapters.some((c) => c.id === pos.chapterId) ? pos.chapterId : chapters[0]?.id;
    const part =
      opts.firstPart && chapterId !== undefined
        ? { chapterId, ...this.chapter(bookId, chapterId, { ...(pos ? { around: pos.paragraphId } : {}), limit: opts.firstPart, outline: true }) }
        : undefined;
    return { book: this.summary({ ...row, opened_at: now }), chapters, ...(pos ? { position: pos } : {}), ...(part ? { part } : {}) };
  }

  /**
   * A chapter's paragraphs: all of them, or (`part`) a stretch of them — around
   * the saved paragraph when opening, so a long chapter need not travel whole
   * before its first text shows — with the outline the reader lays out the rest by.
   */
  chapter(bookId: number, chapterId: number, part?: BookChapterPartRequest | null): BookChapterPart {
    const c = this
      .prepare<[number, number], { title: string; chars: number }>('SELECT title, chars FROM book_chapters WHERE id = ? AND book_id = ?')
      .get(chapterId, bookId);
    if (!c) throw notFound('The chapter');
    if (!part) {
      const paragraphs = this.paragraphRows(chapterId, 0, -1);
      return { title: c.title, paragraphs, from: 0, count: paragraphs.length };
    }
    const count = this.prepare<[number], number>('SELECT COUNT(*) FROM book_paragraphs WHERE chapter_id = ?').pluck().get(chapterId)!;
    const at = part.around === undefined ? undefined : this.prepare<[number, number], number>('SELECT idx FROM book_paragraphs WHERE id = ? AND chapter_id = ?').pluck().get(part.around, chapterId);
    // A few paragraphs before the saved one: the view shows it at its start, with the overscan before it.
    const from = Math.max(0, Math.min(at !== undefined ? at - Math.min(PART_LEAD, Math.floor(part.limit / 4)) : (part.from ?? 0), count));
    return {
      title: c.title,
      paragraphs: this.paragraphRows(chapterId, from, part.limit),
      from,
      count,
      ...(part.outline ? { outline: this.outline(chapterId, c.chars) } : {}),
    };
  }

  /** Paragraphs `from` .. `from + limit - 1` of a chapter in order (`limit` -1: to the end). */
  private paragraphRows(chapterId: number, from: number, limit: number): BookParagraph[] {
    const rows = this
      .prepare<[number, number, number], { id: number; text: string; ruby: string | null; gaiji: string | null; image: string | null; heading: number }>(
        'SELECT id, text, ruby, gaiji, image, heading FROM book_paragraphs WHERE chapter_id = ? AND idx >= ? ORDER BY idx LIMIT ?',
      )
      .all(chapterId, from, limit);
    return rows.map((r) => ({
      id: r.id,
      text: r.text,
      ...(r.ruby ? { ruby: JSON.parse(r.ruby) as BookRuby[] } : {}),
      ...(r.gaiji ? { gaiji: JSON.parse(r.gaiji) as BookGaiji[] } : {}),
      ...(r.image ? { image: r.image } : {}),
      ...(r.heading ? { heading: true } : {}),
    }));
  }

  /**
   * Ids and lengths of a chapter's paragraphs. The lengths come from the stored
   * starts (JavaScript string lengths, as `chars` is counted), not SQLite's
   * length(), which counts code points.
   */
  private outline(chapterId: number, chapterChars: number): BookChapterOutline {
    const rows = this
      .prepare<[number], { id: number; start: number; image: number }>(
        'SELECT id, start, image IS NOT NULL AS image FROM book_paragraphs WHERE chapter_id = ? ORDER BY idx',
      )
      .all(chapterId);
    const end = (rows[0]?.start ?? 0) + chapterChars;
    return {
      ids: rows.map((r) => r.id),
      chars: rows.map((r, i) => (r.image ? -1 : (rows[i + 1]?.start ?? end) - r.start)),
    };
  }

  /**
   * The book paragraph whose text this is (outer blanks aside), most recently
   * opened book first: a text sent from a book and reopened from History names
   * its book again. Found through the trigram index, so 3 characters at least.
   */
  sourceOf(text: string): CardSource | undefined {
    const wanted = text.trim();
    if (wanted.length < 3) return undefined;
    const rows = this
      .prepare<[string], CardSource & { text: string }>(
        `SELECT p.text, p.id AS paragraphId, c.id AS chapterId, b.id AS bookId, b.title AS bookTitle, c.title AS chapterTitle
           FROM book_paragraphs_fts f JOIN book_paragraphs p ON p.id = f.rowid
           JOIN book_chapters c ON c.id = p.chapter_id JOIN books b ON b.id = c.book_id
          WHERE book_paragraphs_fts MATCH ? ORDER BY MAX(b.opened_at, b.added_at) DESC, p.id LIMIT 50`,
      )
      .all(`"${wanted.slice(0, 200).replace(/"/g, '""')}"`);
    const hit = rows.find((r) => r.text.trim() === wanted);
    if (!hit) return undefined;
    const { text: _text, ...source } = hit;
    return source;
  }

  /** Texts of the given paragraphs of a book (others are ignored). */
  paragraphTexts(bookId: number, ids: readonly number[]): Map<number, string> {
    // One query for all of them (the screenful of paragraphs the reader asks about), answered in the order asked.
    const rows = this.prepare<[string, number], { id: number; text: string }>(
      `SELECT p.id, p.text FROM book_paragraphs p JOIN book_chapters c ON c.id = p.chapter_id
        WHERE p.id IN (SELECT value FROM json_each(?)) AND c.book_id = ?`,
    ).all(JSON.stringify(ids), bookId);
    const texts = new Map(rows.map((r) => [r.id, r.text]));
    const out = new Map<number, string>();
    for (const id of ids) {
      const text = texts.get(id);
      if (text !== undefined) out.set(id, text);
    }
    return out;
  }

  /**
   * The book's text for whole-book work (coverage): each chapter's paragraph texts in reading
   * order with their ids and titles (a sentence found there names its place), and a key of the
   * content (the paragraphs' hashes), so what is derived from it can be cached and known stale.
   */
  texts(bookId: number): BookTexts {
    const book = this.row(bookId);
    const rows = this
      .prepare<[number], { chapterId: number; title: string; id: number; text: string; hash: string }>(
        `SELECT c.id AS chapterId, c.title, p.id, p.text, p.hash FROM book_paragraphs p JOIN book_chapters c ON c.id = p.chapter_id
          WHERE c.book_id = ? ORDER BY c.idx, p.idx`,
      )
      .all(bookId);
    const chapters = new Map<number, string[]>();
    const places = new Map<number, BookTexts['places'][number]>();
    const content = contentHash();
    for (const r of rows) {
      content.add(r.hash);
      if (r.text === '') continue;
      let list = chapters.get(r.chapterId);
      let place = places.get(r.chapterId);
      if (!list || !place) {
        chapters.set(r.chapterId, (list = []));
        places.set(r.chapterId, (place = { chapterId: r.chapterId, title: r.title, paragraphIds: [] }));
      }
      list.push(r.text);
      place.paragraphIds.push(r.id);
    }
    return { chapters: [...chapters.values()], places: [...places.values()], title: book.title, contentKey: content.key() };
  }

  /**
   * What whole-book work needs to know whether its result is current, without the text: the
   * content key kept on the book's row (texts().contentKey, reckoned once for books imported
   * before it was kept), the title and the chapters' titles.
   */
  head(bookId: number): BookHead {
    const row = this.prepare<[number], { title: string; content_key: string | null }>('SELECT title, content_key FROM books WHERE id = ?').get(bookId);
    if (!row) throw notFound('The book');
    let contentKey = row.content_key;
    if (contentKey === null) {
      const content = contentHash();
      const hashes = this
        .prepare<[number], { hash: string }>('SELECT p.hash FROM book_paragraphs p JOIN book_chapters c ON c.id = p.chapter_id WHERE c.book_id = ? ORDER BY c.idx, p.idx')
        .all(bookId);
      for (const h of hashes) content.add(h.hash);
      contentKey = content.key();
      this.prepare('UPDATE books SET content_key = ? WHERE id = ?').run(contentKey, bookId);
    }
    const chapters = this.prepare<[number], { id: number; title: string }>('SELECT id, title FROM book_chapters WHERE book_id = ? ORDER BY idx').all(bookId);
    return { title: row.title, contentKey, chapters };
  }

  private readonly positionListeners = new Set<(bookId: number, position: number, now: number) => void>();

  /** Told of every saved position, in characters into the book (reading statistics). */
  onPosition(listener: (bookId: number, position: number, now: number) => void): () => void {
    this.positionListeners.add(listener);
    return () => this.positionListeners.delete(listener);
  }

  /** Saves where the learner is; the paragraph must belong to the chapter and the chapter to the book. */
  setPosition(bookId: number, pos: BookPosition, now = Date.now()): { progress: number } {
    const { offset } = this.place(bookId, pos);
    this
      .prepare(
        `INSERT INTO book_positions (book_id, chapter_id, paragraph_id, offset, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (book_id) DO UPDATE SET chapter_id = excluded.chapter_id, paragraph_id = excluded.paragraph_id,
           offset = excluded.offset, updated_at = excluded.updated_at`,
      )
      .run(bookId, pos.chapterId, pos.paragraphId, offset, now);
    const row = this.row(bookId);
    for (const l of this.positionListeners) l(bookId, row.progress_at ?? 0, now);
    return { progress: this.summary(row).progress };
  }

  /**
   * A place in the book, checked: the paragraph belongs to the chapter and the
   * chapter to the book; the offset is kept within the paragraph (in the same
   * units as `start`, so the end of the last paragraph is the book's 100 %).
   */
  private place(bookId: number, pos: BookPosition): { offset: number; text: string; start: number; chapterTitle: string } {
    const p = this
      .prepare<[number, number, number], { text: string; start: number; chapterTitle: string }>(
        `SELECT p.text, p.start, c.title AS chapterTitle FROM book_paragraphs p JOIN book_chapters c ON c.id = p.chapter_id
          WHERE p.id = ? AND c.id = ? AND c.book_id = ?`,
      )
      .get(pos.paragraphId, pos.chapterId, bookId);
    if (!p) throw notFound('The position in this book');
    return { ...p, offset: Math.min(pos.offset, p.text.length) };
  }

  /** The learner's bookmarks in a book, in reading order. */
  bookmarks(bookId: number): BookBookmark[] {
    const chars = this.row(bookId).chars;
    return this
      .prepare<[number], BookmarkRow>(
        `SELECT m.id, m.chapter_id, m.paragraph_id, m.offset, m.name, m.created_at, p.text, p.start, c.title AS chapter_title
           FROM book_bookmarks m JOIN book_paragraphs p ON p.id = m.paragraph_id JOIN book_chapters c ON c.id = m.chapter_id
          WHERE m.book_id = ? ORDER BY p.start + m.offset, m.id`,
      )
      .all(bookId)
      .map((r) => bookmarkOf(r, chars));
  }

  /** Marks a place; without a name, the bookmark is named after the words there. */
  addBookmark(bookId: number, mark: BookPosition & { name?: string }, now = Date.now()): BookBookmark {
    const at = this.place(bookId, mark);
    const name = mark.name?.trim() || excerptAt(at.text, at.offset);
    const id = Number(
      this
        .prepare('INSERT INTO book_bookmarks (book_id, chapter_id, paragraph_id, offset, name, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(bookId, mark.chapterId, mark.paragraphId, at.offset, name, now).lastInsertRowid,
    );
    return this.bookmark(bookId, id);
  }

  renameBookmark(bookId: number, id: number, name: string): BookBookmark {
    if (this.prepare('UPDATE book_bookmarks SET name = ? WHERE id = ? AND book_id = ?').run(name.trim(), id, bookId).changes === 0) throw notFound('The bookmark');
    return this.bookmark(bookId, id);
  }

  deleteBookmark(bookId: number, id: number): boolean {
    return this.prepare('DELETE FROM book_bookmarks WHERE id = ? AND book_id = ?').run(id, bookId).changes > 0;
  }

  private bookmark(bookId: number, id: number): BookBookmark {
    const found = this.bookmarks(bookId).find((b) => b.id === id);
    if (!found) throw notFound('The bookmark');
    return found;
  }

  /** An image of the book; a file missing from the data dir (after a restore) is written again from the database. */
  image(bookId: number, name: string): { dataUrl: string } {
    const { mimeType, data } = this.imageBytes(bookId, name);
    return { dataUrl: `data:${mimeType};base64,${data.toString('base64')}` };
  }

  private imageBytes(bookId: number, name: string): { mimeType: string; data: Buffer } {
    this.row(bookId);
    const ext = name.split('.').pop() ?? '';
    const file = path.join(this.bookDir(bookId), path.basename(name));
    if (!MIME[ext]) throw notFound('The image');
    let data: Buffer;
    if (fs.existsSync(file)) data = fs.readFileSync(file);
    else {
      const stored = this.prepare<[number, string], Buffer>('SELECT data FROM book_images WHERE book_id = ? AND name = ?').pluck().get(bookId, name);
      if (!stored) throw notFound('The image');
      data = stored;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, data);
    }
    return { mimeType: MIME[ext]!, data };
  }

  /**
   * The book's illustration nearest a paragraph: an image paragraph of the same chapter at most
   * `reach` paragraphs away (the one before on a tie: a picture usually leads its text), for a
   * card starred there. Undefined when there is none, or the paragraph is not in that book.
   */
  illustrationNear(where: { bookId: number; chapterId: number; paragraphId: number }, reach = ILLUSTRATION_REACH): { mimeType: string; data: Buffer } | undefined {
    const name = this.prepare<[number, number, number, number, number], string>(
      `SELECT i.image FROM book_paragraphs p
         JOIN book_chapters c ON c.id = p.chapter_id AND c.book_id = ?
         JOIN book_paragraphs i ON i.chapter_id = p.chapter_id AND i.image IS NOT NULL AND i.idx BETWEEN p.idx - ? AND p.idx + ?
       WHERE p.id = ? AND p.chapter_id = ?
       ORDER BY abs(i.idx - p.idx), i.idx LIMIT 1`,
    )
      .pluck()
      .get(where.bookId, reach, reach, where.paragraphId, where.chapterId);
    if (!name) return undefined;
    try {
      return this.imageBytes(where.bookId, name);
    } catch {
      return undefined; // an image the book lost (or of a kind not served) is no picture, and no failure of the star
    }
  }

  delete(bookId: number): boolean {
    this.search.invalidate();
    const deleted = this.prepare('DELETE FROM books WHERE id = ?').run(bookId).changes > 0;
    fs.rmSync(this.bookDir(bookId), { recursive: true, force: true });
    return deleted;
  }

  count(): number {
    return this.prepare<[], number>('SELECT COUNT(*) FROM books').pluck().get()!;
  }

  private bookDir(id: number): string {
    return path.join(this.dir, String(id));
  }
}

/** The key of a book's content: its paragraphs' hashes in reading order, hashed. */
function contentHash(): { add(paragraphHash: string): void; key(): string } {
  const hash = createHash('sha256');
  return { add: (h) => void hash.update(h), key: () => hash.digest('hex').slice(0, 32) };
}

/** Whether whole-book work is current, and what names its places (BookStore.head). */
export interface BookHead {
  title: string;
  contentKey: string;
  chapters: Array<{ id: number; title: string }>;
}

/** A book's text for whole-book work (BookStore.texts). */
export interface BookTexts {
  /** Each chapter's non-empty paragraphs, in reading order. */
  chapters: string[][];
  /** Where each of those paragraphs is (same order): its chapter's id and title, the paragraphs' ids. */
  places: Array<{ chapterId: number; title: string; paragraphIds: number[] }>;
  title: string;
  contentKey: string;
}
