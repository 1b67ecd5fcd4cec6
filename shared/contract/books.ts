/**
 * Whole books (EPUB, plain and Aozora Bunko text, Markdown, HTML): imported into
 * the library as chapters of paragraphs, read with the position kept.
 */
import { z } from 'zod';
import type { Token } from '../domain';
import type { CardSource } from './review';
import { call, type, type AnyDef } from './define';

/** File names the importer is offered (pickers, the drop router); the format itself is read from the bytes. */
export const BOOK_FILE_EXTENSIONS = ['epub', 'zip', 'txt', 'text', 'md', 'markdown', 'html', 'htm', 'xhtml'] as const;

/** The largest file accepted, before base64 (what the /rpc body limit for `books.import` allows). */
export const BOOK_MAX_BYTES = 48 * 1024 * 1024;
/** base64 of `BOOK_MAX_BYTES`: 4 characters per 3 bytes. */
export const BOOK_MAX_BASE64 = Math.ceil(BOOK_MAX_BYTES / 3) * 4;

/**
 * Why an import was refused, in `error.details.reason` (code `bad_request` or `too_large`),
 * so the UI can say it in its language.
 */
export const BOOK_IMPORT_FAILURES = ['corrupt', 'drm', 'too_large', 'nesting', 'not_a_book', 'unknown_encoding', 'empty'] as const;
export type BookImportFailure = (typeof BOOK_IMPORT_FAILURES)[number];

/** The author's or publisher's furigana over `base`, which starts at `start` in the paragraph's text. */
export interface BookRuby {
  base: string;
  reading: string;
  start: number;
}

/**
 * A character the source could only describe (an Aozora gaiji note without a
 * JIS X 0213 code or code point): ※ stands at `start` in the text, shown small
 * with the description on hover.
 */
export interface BookGaiji {
  start: number;
  description: string;
}

export interface BookParagraph {
  id: number;
  /** Plain text, no markup. Empty for an illustration. */
  text: string;
  ruby?: BookRuby[];
  gaiji?: BookGaiji[];
  /** An illustration from the book: a file name for `books.image`. */
  image?: string;
  /** A heading of the source (h1–h6, Aozora 見出し). */
  heading?: boolean;
}

export interface BookChapterInfo {
  id: number;
  title: string;
  chars: number;
}

export interface ImportedBook {
  id: number;
  title: string;
  author: string;
  chapters: BookChapterInfo[];
}

export interface BookPosition {
  chapterId: number;
  paragraphId: number;
  /** Characters into the paragraph. */
  offset: number;
}

export interface BookSummary {
  id: number;
  title: string;
  author: string;
  /** Characters of text in the whole book. */
  chars: number;
  /** 0..1: how far the saved position is into the book's text (1 at its end). */
  progress: number;
  /** Characters of the text before the saved position: read so far (`chars - read` are left). */
  read: number;
  /** Epoch ms; 0 when never opened. */
  openedAt: number;
  addedAt: number;
  format: BookFormat;
  /** The cover's file name for `books.image`, when the book has one. */
  cover?: string;
  /** Set when listing with a query and the term was found in the book's text. */
  match?: string;
}

/** A place the learner marked in a book, beside the automatic reading position. */
export interface BookBookmark extends BookPosition {
  id: number;
  name: string;
  createdAt: number;
  chapterTitle: string;
  /** A few words of the text at the place. */
  excerpt: string;
  /** 0..1: how far into the book. */
  progress: number;
}

/** The longest bookmark name. */
export const BOOKMARK_NAME_MAX = 200;

export const BOOK_FORMATS = ['epub', 'aozora', 'text', 'markdown', 'html'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

export interface OpenedBook {
  book: BookSummary;
  chapters: BookChapterInfo[];
  position?: BookPosition;
  /**
   * With `firstPart`: that many paragraphs of the chapter to show, around the
   * saved paragraph (else from the first chapter's start), with its outline —
   * the book's first text without a second request.
   */
  part?: BookChapterPart & { chapterId: number };
}

export interface BookChapter {
  title: string;
  paragraphs: BookParagraph[];
}

/**
 * A stretch of a chapter (`books.chapter` with options): `paragraphs` are the
 * chapter's paragraphs `from` .. `from + paragraphs.length - 1` of `count`.
 * Without options it is the whole chapter (`from` 0).
 */
export interface BookChapterPart extends BookChapter {
  from: number;
  count: number;
  /** With `outline: true`: every paragraph of the chapter in order, its id and its length in characters (-1 for an illustration). */
  outline?: BookChapterOutline;
}

export interface BookChapterOutline {
  ids: number[];
  chars: number[];
}

/** The most paragraphs one `books.chapter` request with options returns. */
export const BOOK_CHAPTER_PART_MAX = 2000;

/**
 * Which stretch of a chapter to send: `limit` paragraphs starting a little
 * before the paragraph `around` (the saved position; ignored when not in the
 * chapter), else at index `from` (default 0).
 */
export const bookChapterPartSchema = z.object({
  around: z.number().int().positive().optional(),
  from: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(BOOK_CHAPTER_PART_MAX),
  outline: z.boolean().optional(),
});
export type BookChapterPartRequest = z.infer<typeof bookChapterPartSchema>;

const id = z.number().int().positive();
const positionSchema = z.object({ chapterId: id, paragraphId: id, offset: z.number().int().min(0).max(10_000_000) });

export const booksMethods = {
  /** Imports a file (any supported format, detected from its bytes); nothing is kept when it fails. */
  'books.import': call({
    args: z.tuple([z.object({ name: z.string().min(1).max(1024), dataBase64: z.string().min(1).max(BOOK_MAX_BASE64) })]),
    result: type<ImportedBook>(),
  }),
  /** The library, most recently opened first; `query` searches title, author and the text. */
  'books.list': call({
    // `null` too: a JSON caller cannot send `undefined`.
    args: z.tuple([z.object({ query: z.string().max(200).optional() }).nullish()]),
    result: type<BookSummary[]>(),
  }),
  /** The table of contents and the saved position; marks the book opened. */
  'books.open': call({
    args: z.tuple([id, z.object({ firstPart: z.number().int().min(1).max(BOOK_CHAPTER_PART_MAX) }).nullish()]),
    result: type<OpenedBook>(),
  }),
  /**
   * A chapter's paragraphs: all of them, or with options a stretch (the saved
   * place first, so that opening a long chapter shows text at once) and the outline.
   */
  'books.chapter': call({ args: z.tuple([id, id, bookChapterPartSchema.nullish()]), result: type<BookChapterPart>() }),
  'books.setPosition': call({
    args: z.tuple([id, positionSchema]),
    result: type<{ progress: number }>(),
  }),
  /** The book's bookmarks in reading order. */
  'books.bookmarks': call({ args: z.tuple([id]), result: type<BookBookmark[]>() }),
  /** Marks a place; without a name it is named after the words there. */
  'books.addBookmark': call({
    args: z.tuple([id, positionSchema.extend({ name: z.string().max(BOOKMARK_NAME_MAX).optional() })]),
    result: type<BookBookmark>(),
  }),
  'books.renameBookmark': call({ args: z.tuple([id, id, z.string().trim().min(1).max(BOOKMARK_NAME_MAX)]), result: type<BookBookmark>() }),
  'books.deleteBookmark': call({ args: z.tuple([id, id]), result: type<{ deleted: boolean }>() }),
  /** The offline analyzer's tokens (furigana, parts of speech) for paragraphs as they come into view; no network. */
  'books.tokens': call({
    args: z.tuple([id, z.array(id).min(1).max(100)]),
    result: type<Record<number, Token[]>>(),
  }),
  /**
   * Which of these paragraphs the analysis model now chosen has analysed already
   * (cached by their text): "analyse this chapter" neither counts nor sends them.
   */
  'books.analysedParagraphs': call({ args: z.tuple([id, z.array(id).max(50_000)]), result: type<number[]>() }),
  /** The book paragraph a text is (a text sent from a book and reopened from History), or null. */
  'books.sourceOf': call({ args: z.tuple([z.object({ text: z.string().min(1).max(200_000) })]), result: type<CardSource | null>() }),
  /** An image of the book (cover or illustration) as a data URL. */
  'books.image': call({
    args: z.tuple([id, z.string().regex(/^[a-z0-9-]+\.(png|jpg|gif|webp)$/)]),
    result: type<{ dataUrl: string }>(),
  }),
  'books.delete': call({ args: z.tuple([id]), result: type<{ deleted: boolean }>() }),
} satisfies Record<string, AnyDef>;
