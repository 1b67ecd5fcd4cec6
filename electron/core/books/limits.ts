import { BOOK_MAX_BYTES } from '../../../shared/contract/books';

/**
 * What an imported file may contain. A novel of a million characters with its
 * illustrations stays far below these; a zip bomb or a pathological document
 * is refused before it costs memory.
 */
export const BOOK_LIMITS = {
  /** The file itself. */
  fileBytes: BOOK_MAX_BYTES,
  /** Entries in an EPUB's zip. */
  zipEntries: 10_000,
  /** Sum of the uncompressed sizes of the entries we read. */
  totalUncompressed: 256 * 1024 * 1024,
  /** One entry, uncompressed. */
  entryUncompressed: 64 * 1024 * 1024,
  /** Uncompressed/compressed above which a large entry counts as a bomb (text compresses about 3–10×). */
  compressionRatio: 100,
  /** The ratio is only judged for entries larger than this (tiny files compress absurdly well). */
  ratioCheckedFrom: 1024 * 1024,
  /** Element nesting in any XML/HTML document. */
  nesting: 200,
  /** Characters of text in the whole book. */
  chars: 20_000_000,
  /** Paragraphs in the whole book. */
  paragraphs: 500_000,
} as const;
