/**
 * A Yomitan dictionary zip → a new dictionary file, bank by bank: each bank is inflated,
 * parsed and written in batches, then dropped, so a 100 MB dictionary is never held whole.
 * Tags come first (the terms' parts of speech are named from them). On any failure, a
 * cancel included, the temp file is removed and nothing else is touched; the caller swaps
 * the finished file in with one rename.
 */
import { ArchiveError, type ZipReader } from '../../archive';
import { DictionaryInputError } from '../errors';
import { bankRows } from './bankRows';
import { IMAGE_LIMITS, sniffImage } from './dictionaryImages';
import { bankOf, damagedBank, kanjiMetaRow, kanjiRow, parseIndex, tagRow, termMetaRow, termRow, type BankKind, type YomitanIndex } from './yomitanFormat';
import { YomitanWriter, type YomitanCounts } from './yomitanStore';

/** The order banks are read in. */
const KIND_ORDER: readonly BankKind[] = ['tag', 'term', 'term_meta', 'kanji', 'kanji_meta'];

export interface YomitanImport {
  index: YomitanIndex;
  counts: YomitanCounts;
}

export interface YomitanImportOptions {
  zip: ZipReader;
  tempFile: string;
  nativeBinding?: string;
  /** Compressed bytes of the banks read so far, of the total. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** Stored instead of index.json's title (the shipped JLPT list is labelled as unofficial). */
  title?: string;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function aborted(): Error {
  const e = new Error('The dictionary import was cancelled.');
  e.name = 'AbortError';
  return e;
}

/** A refused archive, in the dictionary's own words. */
function asInputError(e: unknown): unknown {
  if (!(e instanceof ArchiveError)) return e;
  if (e.problem === 'too_large') return new DictionaryInputError('too_large', e.message);
  if (e.problem === 'unsupported') return new DictionaryInputError('not_dictionary', e.message);
  return new DictionaryInputError('truncated', e.message);
}

export async function importYomitan(opts: YomitanImportOptions): Promise<YomitanImport> {
  const { zip } = opts;
  const index = parseIndex(await zip.readText('index.json').catch((e: unknown) => Promise.reject(asInputError(e))));
  const banks = zip.entries
    .map((e) => ({ entry: e, bank: bankOf(e.name) }))
    .filter((b): b is { entry: (typeof zip.entries)[number]; bank: NonNullable<ReturnType<typeof bankOf>> } => b.bank !== null)
    .sort((a, b) => KIND_ORDER.indexOf(a.bank.kind) - KIND_ORDER.indexOf(b.bank.kind) || a.bank.number - b.bank.number);
  const total = banks.reduce((n, b) => n + b.entry.compressedSize, 0);
  const writer = new YomitanWriter(opts.tempFile, opts.nativeBinding);
  try {
    for (const t of index.tagMeta) writer.tag(t);
    let done = 0;
    opts.onProgress?.(0, total);
    for (const { entry, bank } of banks) {
      if (opts.signal?.aborted) throw aborted();
      const bytes = (await zip.read(entry.name).catch((e: unknown) => Promise.reject(asInputError(e)))) ?? new Uint8Array();
      // Row by row: one row's objects at a time, never the whole bank's (bankRows.ts).
      let i = 0;
      for (const row of bankRows(entry.name, bytes)) {
        writeRow(writer, bank.kind, row, index.format, entry.name, i);
        // Other requests (a hover, the progress push) get their turn during a large bank.
        if (i++ % 2_000 === 1_999) {
          await nextTurn();
          if (opts.signal?.aborted) throw aborted();
        }
      }
      writer.flush();
      done += entry.compressedSize;
      opts.onProgress?.(done, total);
      await nextTurn();
    }
    await importImages(zip, writer, opts.signal);
    const { counts } = writer;
    if (counts.terms + counts.meta + counts.kanji === 0) throw new DictionaryInputError('not_dictionary', 'The Yomitan dictionary holds no terms, metadata or kanji. Nothing was changed.');
    const info: Record<string, string> = { title: opts.title ?? index.title, revision: index.revision, format: String(index.format), importedAt: new Date().toISOString() };
    for (const k of ['author', 'url', 'description', 'attribution'] as const) if (index[k]) info[k] = index[k];
    writer.finish(info);
    return { index, counts: { ...counts } };
  } catch (e) {
    writer.abandon();
    throw e;
  }
}

/**
 * The images the terms refer to, read one at a time after the banks: a missing, oversized or
 * unreadable one, or one that is no image by its bytes, is left out (its title stands in) rather
 * than refusing the dictionary; past the total, the rest are left out too.
 */
async function importImages(zip: ZipReader, writer: YomitanWriter, signal: AbortSignal | undefined): Promise<void> {
  const entries = new Map(zip.entries.map((e) => [e.name, e]));
  let total = 0;
  for (const p of writer.imagePaths) {
    if (signal?.aborted) throw aborted();
    const entry = entries.get(p);
    if (!entry || entry.size > IMAGE_LIMITS.bytes || total + entry.size > IMAGE_LIMITS.totalBytes) continue;
    const bytes = await zip.read(p).catch(() => null);
    const type = bytes && bytes.length <= IMAGE_LIMITS.bytes ? sniffImage(bytes) : null;
    if (!bytes || !type) continue;
    total += bytes.length;
    writer.image(p, type, bytes);
    await nextTurn();
  }
  writer.flush();
}

function writeRow(writer: YomitanWriter, kind: BankKind, row: unknown, format: 1 | 2 | 3, bank: string, i: number): void {
  const bad = () => damagedBank(bank, `row ${i + 1} is not a ${kind.replace('_', ' ')} row`);
  switch (kind) {
    case 'tag': {
      const t = tagRow(row);
      if (!t) throw bad();
      writer.tag(t);
      return;
    }
    case 'term': {
      const t = termRow(row, format);
      if (!t) throw bad();
      writer.term(t);
      return;
    }
    case 'term_meta': {
      const m = termMetaRow(row);
      if (!m) throw bad();
      if (m !== 'unknown') writer.termMeta(m);
      return;
    }
    case 'kanji': {
      const k = kanjiRow(row, format);
      if (!k) throw bad();
      writer.kanji(k);
      return;
    }
    case 'kanji_meta': {
      const k = kanjiMetaRow(row);
      if (!k) throw bad();
      writer.kanjiMeta(k);
      return;
    }
  }
}
