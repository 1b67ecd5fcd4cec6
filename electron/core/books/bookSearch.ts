import type Database from 'better-sqlite3';
import { shortTermMatch } from '../library/search';

/** A 1–2 character word beginning more trigrams than this is found by scanning each book instead (an OR that wide costs more). */
export const MAX_SHORT_WORD_TRIGRAMS = 256;
/** Characters of context before the word in a result line. */
const BEFORE = 40;
const SNIPPET = 200;

const phrase = (t: string) => `"${t.replace(/"/g, '""')}"`;
const likePattern = (t: string) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Each book's paragraphs hold one run of ids (a book is inserted in one transaction): its first and last. */
interface BookRange {
  bookId: number;
  lo: number;
  hi: number;
}

/**
 * Which books' text contains a word, with the first paragraph that does, through
 * the trigram index (padded by the book-reading migration): a word of 3+ characters is a phrase; a
 * shorter one the OR of the indexed trigrams it begins, or, when it begins too
 * many (a common kana), a scan of each book that stops at its first hit.
 */
export class BookSearch {
  private ranges: BookRange[] | undefined;
  private readonly stmts;

  constructor(private readonly db: Database.Database) {
    this.stmts = {
      // Per chapter, its first and last paragraph through the (chapter_id, idx) index: no scan of the paragraphs.
      ranges: db.prepare<[], BookRange>(
        `SELECT c.book_id AS bookId,
            (SELECT id FROM book_paragraphs WHERE chapter_id = c.id ORDER BY idx LIMIT 1) AS lo,
            (SELECT id FROM book_paragraphs WHERE chapter_id = c.id ORDER BY idx DESC LIMIT 1) AS hi
           FROM book_chapters c`,
      ),
      matching: db.prepare<[string], number>('SELECT rowid FROM book_paragraphs_fts WHERE book_paragraphs_fts MATCH ? ORDER BY rowid').pluck(),
      // One more than the cap: enough to know the word is over it. The index folds case like this; U+10FFFF sorts after every continuation.
      trigramsFrom: db.prepare<[string, string, number], string>('SELECT term FROM book_paragraphs_fts_vocab WHERE term >= ? AND term < ? LIMIT ?').pluck(),
      firstLike: db.prepare<[number, number, string], number>("SELECT id FROM book_paragraphs WHERE id BETWEEN ? AND ? AND text LIKE ? ESCAPE '\\' ORDER BY id LIMIT 1").pluck(),
      text: db.prepare<[number], string>('SELECT text FROM book_paragraphs WHERE id = ?').pluck(),
    };
  }

  /** The books changed (an import, a deletion): their paragraph ranges are read again on the next search. */
  invalidate(): void {
    this.ranges = undefined;
  }

  /** Book id → a line of the first paragraph that contains `word`, cut around it. */
  matches(word: string): Map<number, string> {
    const w = word.trim();
    const out = new Map<number, string>();
    if (!w) return out;
    const ranges = (this.ranges ??= bookRanges(this.stmts.ranges.all()));
    const first = new Map<number, number>();
    const expression = [...w].length >= 3 ? phrase(w) : this.shortWord(w);
    if (expression === null) return out;
    if (expression !== undefined) {
      // Rowids come in order: the first in each book's range is that book's first hit.
      let r = 0;
      for (const id of this.stmts.matching.all(expression)) {
        while (r < ranges.length && ranges[r]!.hi < id) r++;
        const range = ranges[r];
        if (range && id >= range.lo && !first.has(range.bookId)) first.set(range.bookId, id);
      }
    } else {
      for (const range of ranges) {
        const id = this.stmts.firstLike.get(range.lo, range.hi, likePattern(w));
        if (id !== undefined) first.set(range.bookId, id);
      }
    }
    for (const [bookId, id] of first) out.set(bookId, snippet(this.stmts.text.get(id) ?? '', w));
    return out;
  }

  /** The OR of trigrams a 1–2 character word begins; null when no paragraph has it; undefined when too many to OR. */
  private shortWord(w: string): string | null | undefined {
    const lower = w.toLowerCase();
    return shortTermMatch(this.stmts.trigramsFrom.all(lower, `${lower}\u{10FFFF}`, MAX_SHORT_WORD_TRIGRAMS + 1), MAX_SHORT_WORD_TRIGRAMS);
  }
}

/** Chapters' ranges joined into their books', in id order. */
function bookRanges(chapters: BookRange[]): BookRange[] {
  const books = new Map<number, BookRange>();
  for (const c of chapters) {
    if (c.lo === null || c.hi === null) continue;
    const b = books.get(c.bookId);
    if (!b) books.set(c.bookId, { ...c });
    else {
      b.lo = Math.min(b.lo, c.lo);
      b.hi = Math.max(b.hi, c.hi);
    }
  }
  return [...books.values()].sort((a, b) => a.lo - b.lo);
}

/** The paragraph around the word's first occurrence (its start when the case differs). */
function snippet(text: string, word: string): string {
  const at = Math.max(0, text.toLowerCase().indexOf(word.toLowerCase()));
  let from = Math.max(0, at - BEFORE);
  // Not inside a surrogate pair.
  if (from > 0 && text.charCodeAt(from) >= 0xdc00 && text.charCodeAt(from) <= 0xdfff) from--;
  return (from > 0 ? '…' : '') + text.slice(from, from + SNIPPET);
}
