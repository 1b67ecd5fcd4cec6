import { BOOK_MAX_BYTES } from '../../../shared/contract/books';
import type { ZipLimits } from '../archive';

/**
 * What an imported file may contain. A novel of a million characters with its
 * illustrations stays far below these; a zip bomb or a pathological document
 * is refused before it costs memory.
 */
export const BOOK_LIMITS = {
  /** The file itself. */
  fileBytes: BOOK_MAX_BYTES,
  /** An EPUB's zip: every size is held to while inflating, not only as the archive claims it. */
  zip: {
    /** Entries in the zip. */
    entries: 10_000,
    /** One entry, uncompressed. */
    entryBytes: 64 * 1024 * 1024,
    /** All entries, uncompressed. */
    totalBytes: 256 * 1024 * 1024,
    /** Uncompressed/compressed above which a large entry counts as a bomb (text compresses about 3–10×). */
    ratio: 100,
    /** The ratio is only judged for entries larger than this (tiny files compress absurdly well). */
    ratioFrom: 1024 * 1024,
  } satisfies ZipLimits,
  /** Element nesting in any XML/HTML document. */
  nesting: 200,
  /** Characters of text in the whole book. */
  chars: 20_000_000,
  /** Paragraphs in the whole book. */
  paragraphs: 500_000,
} as const;
