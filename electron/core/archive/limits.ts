/**
 * What one zip may hold. Each caller passes its own (books in `books/limits.ts`); every
 * size is of uncompressed bytes and is enforced on what actually inflates, never only on
 * what the archive claims.
 */
export interface ZipLimits {
  /** Entries in the archive. */
  entries: number;
  /** One entry, uncompressed. */
  entryBytes: number;
  /** All entries together, uncompressed: their declared sum, and what is inflated. */
  totalBytes: number;
  /** Uncompressed/compressed above which a large entry counts as a bomb (text compresses about 3–10×). */
  ratio: number;
  /** The ratio is only judged for entries larger than this (tiny files compress absurdly well). */
  ratioFrom: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  entries: 10_000,
  entryBytes: 64 * MiB,
  totalBytes: 256 * MiB,
  ratio: 100,
  ratioFrom: MiB,
};
