import type { ZipLimits } from '../../archive';

const MiB = 1024 * 1024;

/**
 * What a Yomitan dictionary zip may hold: banks are read one at a time, so one bank's size
 * bounds the memory an import needs; large dictionaries (Jitendex) inflate to a gigabyte or so.
 */
export const DICTIONARY_ZIP_LIMITS: ZipLimits = {
  entries: 50_000,
  entryBytes: 64 * MiB,
  totalBytes: 4 * 1024 * MiB,
  ratio: 200,
  ratioFrom: MiB,
};
