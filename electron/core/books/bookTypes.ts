import type { BookFormat, BookGaiji, BookRuby } from '../../../shared/contract/books';

/** A paragraph as a parser produced it, before it gets an id. */
export interface ParsedParagraph {
  text: string;
  ruby?: BookRuby[];
  gaiji?: BookGaiji[];
  /** Stored file name of an illustration (see `ParsedBook.images`). */
  image?: string;
  heading?: boolean;
}

export interface ParsedChapter {
  title: string;
  paragraphs: ParsedParagraph[];
}

export interface BookImage {
  /** Stored file name, e.g. `img-3.png`. */
  name: string;
  data: Uint8Array;
}

/** Everything an importer found in a file; the store gives it ids and keeps it. */
export interface ParsedBook {
  format: BookFormat;
  title: string;
  author: string;
  chapters: ParsedChapter[];
  images: BookImage[];
  /** Stored file name of the cover, one of `images`. */
  cover?: string;
}
