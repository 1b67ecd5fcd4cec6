import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { BookChapterInfo, BookChapterOutline, BookChapterPart, BookChapterPartRequest, BookFormat, BookParagraph, BookPosition, BookRuby, BookSummary, ImportedBook, OpenedBook } from '../../../shared/contract/books';
import type { CardSource } from '../../../shared/contract/review';
import { AppError } from '../../../shared/result';
import type { ParsedBook } from './bookTypes';

const BOOKS_DIR = 'books';
/** Paragraphs sent before the saved one when a chapter is opened in part. */
const PART_LEAD = 8;
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

const notFound = (what: string) => new AppError({ code: 'not_found', message: `${what} was not found.`, status: 404 });
const hashOf = (s: string | Uint8Array) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/** A book with how far into it the saved position is (progress_at). */
const BOOK_ROWS = `SELECT b.id, b.title, b.author, b.format, b.chars, b.cover, b.added_at, b.opened_at,
    (SELECT p.start + MIN(pos.offset, length(p.text)) FROM book_positions pos JOIN book_paragraphs p ON p.id = pos.paragraph_id
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

  constructor(private readonly db: Database.Database, appDataDir: string) {
    this.dir = path.join(appDataDir, BOOKS_DIR);
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
      'INSERT INTO book_paragraphs (chapter_id, idx, text, ruby, image, heading, start, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const addImage = this.prepare('INSERT INTO book_images (book_id, name, data) VALUES (?, ?, ?)');
    for (const img of book.images) addImage.run(id, img.name, img.data);
    let start = 0;
    const chapters: BookChapterInfo[] = book.chapters.map((c, ci) => {
      const chapterChars = c.paragraphs.reduce((m, p) => m + p.text.length, 0);
      const chapterId = Number(addChapter.run(id, ci, c.title, chapterChars).lastInsertRowid);
      c.paragraphs.forEach((p, pi) => {
        addParagraph.run(chapterId, pi, p.text, p.ruby ? JSON.stringify(p.ruby) : null, p.image ?? null, p.heading ? 1 : 0, start, hashOf(p.text));
        start += p.text.length;
      });
      return { id: chapterId, title: c.title, chars: chapterChars };
    });
    return { id, title: book.title, author: book.author, chapters };
  }

  /** Most recently opened (else added) first. `query` matches title, author, or (3+ characters) the text. */
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
    const inText = q.length >= 3 ? this.textMatches(q) : new Map<number, string>();
    return summaries
      .filter((b) => b.title.toLowerCase().includes(needle) || b.author.toLowerCase().includes(needle) || inText.has(b.id))
      .map((b) => (inText.has(b.id) ? { ...b, match: inText.get(b.id)! } : b));
  }

  /** Books whose text contains `q` (trigram index), with the first paragraph that does. */
  private textMatches(q: string): Map<number, string> {
    const phrase = `"${q.replace(/"/g, '""')}"`;
    const rows = this
      .prepare<[string], { book_id: number; text: string }>(
        `SELECT c.book_id, p.text FROM book_paragraphs_fts f
           JOIN book_paragraphs p ON p.id = f.rowid JOIN book_chapters c ON c.id = p.chapter_id
          WHERE book_paragraphs_fts MATCH ? ORDER BY p.id`,
      )
      .all(phrase);
    const out = new Map<number, string>();
    for (const r of rows) if (!out.has(r.book_id)) out.set(r.book_id, r.text.slice(0, 200));
    return out;
  }

  private summary(r: BookRow): BookSummary {
    return {
      id: r.id,
      title: r.title,
      author: r.author,
      chars: r.chars,
      progress: r.chars > 0 && r.progress_at !== null ? Math.min(1, r.progress_at / r.chars) : 0,
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
      .prepare<[number, number, number], { id: number; text: string; ruby: string | null; image: string | null; heading: number }>(
        'SELECT id, text, ruby, image, heading FROM book_paragraphs WHERE chapter_id = ? AND idx >= ? ORDER BY idx LIMIT ?',
      )
      .all(chapterId, from, limit);
    return rows.map((r) => ({
      id: r.id,
      text: r.text,
      ...(r.ruby ? { ruby: JSON.parse(r.ruby) as BookRuby[] } : {}),
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

  /** Saves where the learner is; the paragraph must belong to the chapter and the chapter to the book. */
  setPosition(bookId: number, pos: BookPosition, now = Date.now()): { progress: number } {
    const p = this
      .prepare<[number, number, number], { len: number }>(
        `SELECT length(p.text) AS len FROM book_paragraphs p JOIN book_chapters c ON c.id = p.chapter_id
          WHERE p.id = ? AND c.id = ? AND c.book_id = ?`,
      )
      .get(pos.paragraphId, pos.chapterId, bookId);
    if (!p) throw notFound('The position in this book');
    this
      .prepare(
        `INSERT INTO book_positions (book_id, chapter_id, paragraph_id, offset, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (book_id) DO UPDATE SET chapter_id = excluded.chapter_id, paragraph_id = excluded.paragraph_id,
           offset = excluded.offset, updated_at = excluded.updated_at`,
      )
      .run(bookId, pos.chapterId, pos.paragraphId, Math.min(pos.offset, p.len), now);
    return { progress: this.summary(this.row(bookId)).progress };
  }

  /** An image of the book; a file missing from the data dir (after a restore) is written again from the database. */
  image(bookId: number, name: string): { dataUrl: string } {
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
    return { dataUrl: `data:${MIME[ext]};base64,${data.toString('base64')}` };
  }

  delete(bookId: number): boolean {
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
