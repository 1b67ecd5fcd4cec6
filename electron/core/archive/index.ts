export { ArchiveError, type ArchiveProblem } from './archiveError';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './limits';
export { looksLikeZip, openZip, type ZipEntry, type ZipReader } from './openZip';
