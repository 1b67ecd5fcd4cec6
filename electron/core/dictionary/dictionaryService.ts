/**
 * The offline dictionary as the core sees it: status, lookups, kanji cards, imports
 * (from uploaded bytes or downloaded files) with progress, one import at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DICTIONARY_MAX_BYTES, DICTIONARY_UPLOAD_MAX_BYTES, type DictionaryEntry, type DictionaryImportResult, type DictionaryInfo, type DictionaryProgress, type DictionaryState, type DictionaryStatus, type KanjiCard } from '../../../shared/contract/dictionary';
import { AppError } from '../../../shared/result';
import type { WordFacts, WordFactsQuery } from '../../../shared/wordFacts';
import { looksLikeZip, openZip, type ZipReader } from '../archive';
import { memoryOrder, type DictionaryOrderStore } from './dictionaryOrder';
import { DictionaryShelf, JMDICT_ID, KANJIDIC_ID } from './dictionaryShelf';
import { DICTIONARY_FILE, DictionaryReader, DictionaryVersionError, DictionaryWriter } from './dictionaryStore';
import { mergedSources, type LookupSource, type TermSource } from './mergedSources';
import { wordFacts, type AllWordFacts, type FactSources } from './wordFacts';
import { JLPT_TITLE, KANJIUM_TITLE } from './yomitan/builtinData';
import { DICTIONARY_ZIP_LIMITS } from './yomitan/zipLimits';
import type { KanjiRow } from './yomitan/yomitanFormat';
import { downloadFile } from './downloadFile';
import { buildDictionary } from './importDictionary';
import { DictionaryInputError } from './errors';
import { receiveUpload, uploadTooLarge } from './receiveUpload';
import { countBytes } from './inputStream';
import { lookup, type ExtraTerm, type FoundEntry } from './lookup';
import type { XmlOptions } from './xmlDictionary';
import type { DictionaryCaps } from './textCaps';
import { headwordOf } from './headword';
import { okuriganaVariants, readingsOfWritten, type WrittenReading } from './writtenReadings';
import { wordKeyId, type WordKey } from '../../../shared/words';

/** EDRDG's files, as named on its server (and on a test's fake). */
export const DOWNLOAD_FILES = ['JMdict_e.gz', 'kanjidic2.xml.gz'] as const;

export interface DictionaryServiceOptions {
  dir: string;
  nativeBinding?: string;
  /** Base URL of the download (EDRDG's, or YOMIMONO_DICTIONARY_URL). */
  downloadBase: string;
  onProgress?: (p: DictionaryProgress) => void;
  xml?: XmlOptions;
  /** The text and database caps (textCaps.ts); tests lower them. */
  caps?: DictionaryCaps;
  /** Where the dictionaries' switches and order are kept (the app's database); in memory without. */
  order?: DictionaryOrderStore;
  /** The shipped data (Kanjium accents, JLPT list); none: no pitch or JLPT out of the box. */
  builtinDataDir?: string;
  /** The largest dictionary zip taken from disk or an upload (DICTIONARY_UPLOAD_MAX_BYTES); tests lower it. */
  uploadMaxBytes?: number;
}

const JMDICT_TITLE = 'JMdict';
const KANJIDIC_TITLE = 'KANJIDIC';

const WARM_TEXT = '昨日は東京の本屋で日本語の本を読んでいました。コーヒーを飲みませんか';

/** Progress is pushed at most this often (plus the last byte). */
const PROGRESS_MS = 100;
const CHUNK = 256 * 1024;

export class DictionaryService {
  readonly file: string;
  private reader: DictionaryReader | null = null;
  private opened = false;
  /** Why the file that is there cannot be used (another version, damaged); null when none is there or it is in use. */
  private unusable: Exclude<DictionaryState, 'ready' | 'none'> | null = null;
  private busy = false;
  /** Headwords asked so far (every token of every text asks): dropped whenever the file changes. */
  private readonly headwords = new Map<string, WordKey | null>();
  /** The readings of written forms, and the okurigana variants, asked so far (the reading check asks per token). */
  private readonly written = new Map<string, readonly WrittenReading[]>();
  private readonly variants = new Map<string, readonly { form: string; readings: readonly WrittenReading[] }[]>();

  readonly shelf: DictionaryShelf;
  private merged: MergedSources | null = null;

  constructor(private readonly opts: DictionaryServiceOptions) {
    this.file = path.join(opts.dir, DICTIONARY_FILE);
    this.shelf = new DictionaryShelf({
      dataDir: opts.dir,
      order: opts.order ?? memoryOrder(),
      ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}),
      ...(opts.builtinDataDir ? { builtinDataDir: opts.builtinDataDir } : {}),
    });
  }

  private current(): DictionaryReader | null {
    if (!this.opened) {
      this.opened = true;
      this.unusable = null;
      this.headwords.clear();
      this.written.clear();
      this.variants.clear();
      try {
        this.reader = fs.existsSync(this.file) ? new DictionaryReader(this.file, this.opts.nativeBinding) : null;
        if (this.reader) this.warmSoon(this.reader);
      } catch (e) {
        // Lookups answer nothing until the next import replaces the file; the status says why.
        this.reader = null;
        this.unusable = e instanceof DictionaryVersionError ? 'outdated' : 'unreadable';
      }
    }
    return this.reader;
  }

  /**
   * Right after opening, off the caller's path: a few lookups of everyday text through every
   * enabled dictionary (the merged lookup, its batched reads and the words' facts), so the first
   * hover finds the lookup code compiled and each file's index top pages read.
   */
  private warmSoon(reader: DictionaryReader): void {
    const timer = setTimeout(() => {
      if (this.reader !== reader) return;
      for (let i = 0; i < WARM_TEXT.length; i++) this.lookup(WARM_TEXT.slice(i));
    }, 0);
    timer.unref?.();
  }

  status(): DictionaryStatus {
    const r = this.current();
    if (!r) return { state: this.unusable ?? 'none', entries: 0, kanji: 0, edition: null, importedAt: null, kanjiEdition: null, sources: [] };
    const meta = r.meta();
    return {
      state: 'ready',
      ...r.counts(),
      edition: meta.edition || null,
      importedAt: meta.importedAt ?? null,
      kanjiEdition: meta.kanjiEdition || null,
      sources: [meta.wordsSource, meta.kanjiSource].filter((s): s is string => !!s),
    };
  }

  /** Entries from every enabled dictionary, merged in lookup order, each with its word's facts. */
  lookup(text: string, reading?: string, extra?: readonly ExtraTerm[]): DictionaryEntry[] {
    const sources = this.lookupSources();
    const found = lookup(sources.source, text, { ...(reading ? { reading } : {}), ...(extra ? { extra } : {}) });
    // The facts of a dozen entries asked of each dictionary in one statement, not one per entry.
    const terms: string[] = [];
    for (const e of found) {
      const { term, reading: r } = factsQueryOf(e);
      if (!sources.factsCache.has(factsId({ term, ...(r ? { reading: r } : {}) }))) terms.push(term);
    }
    if (terms.length > 1) sources.prefetchFacts(terms);
    return found.map((e) => this.withFacts(e, sources));
  }

  /**
   * Pitch accents, the unofficial JLPT level and a frequency for a word (the dictionary form and,
   * when known, its reading): what cards, coverage lists and the popup show beside the meanings.
   */
  wordFacts(query: WordFactsQuery): WordFacts {
    const { pitches, jlpt, frequency } = factsOf(this.lookupSources(), query);
    return { pitches, jlpt, frequency };
  }

  private withFacts(e: FoundEntry, sources: MergedSources): DictionaryEntry {
    const { source } = sources;
    const { term, reading } = factsQueryOf(e);
    const f: AllWordFacts = factsOf(sources, { term, ...(reading ? { reading } : {}) });
    const dictionaryId = source.idOf?.(e.id);
    return { ...e, dictionary: source.titleOf(e.id), ...(dictionaryId ? { dictionaryId } : {}), frequencies: f.frequencies, pitches: f.pitches, jlpt: f.jlpt, ...(f.ipa.length ? { ipa: f.ipa } : {}) };
  }

  /** The enabled dictionaries as one lookup source, rebuilt when the set or its order changes. */
  private lookupSources(): MergedSources {
    const jmdict = this.current();
    const order = this.orderRows();
    const imported = this.shelf.imported();
    const kanjium = this.shelf.builtin('kanjium');
    const jlpt = this.shelf.builtin('jlpt');
    const key = `${jmdict ? 1 : 0}|${order.map((r) => `${r.id}:${r.enabled ? 1 : 0}`).join(',')}|${kanjium ? 1 : 0}${jlpt ? 1 : 0}`;
    if (this.merged?.key === key) return this.merged;
    const enabled = order.filter((r) => r.enabled);
    const terms = enabled.flatMap((r): TermSource[] => {
      if (r.id === JMDICT_ID) return jmdict ? [{ id: r.id, title: JMDICT_TITLE, reader: jmdict }] : [];
      const y = imported.get(r.id);
      return y && y.info.counts.terms > 0 ? [{ id: r.id, title: y.info.title, reader: y }] : [];
    });
    const metaDictionaries = enabled.flatMap((r) => {
      const y = imported.get(r.id);
      return y && y.info.counts.meta > 0 ? [{ title: y.info.title, termMeta: (t: string) => y.termMeta(t) }] : [];
    });
    const facts: FactSources = {
      dictionaries: metaDictionaries,
      kanjium: kanjium ? { title: KANJIUM_TITLE, termMeta: (t) => kanjium.termMeta(t) } : null,
      jlpt: jlpt ? { title: JLPT_TITLE, termMeta: (t) => jlpt.termMeta(t) } : null,
      jmdictScore: (t, reading) => (jmdict ? jmdictScore(jmdict, t, reading) : null),
    };
    const metaReaders = [
      ...enabled.flatMap((r) => {
        const y = imported.get(r.id);
        return y && y.info.counts.meta > 0 ? [y] : [];
      }),
      ...(kanjium ? [kanjium] : []),
      ...(jlpt ? [jlpt] : []),
    ];
    const prefetchFacts = (t: readonly string[]) => {
      for (const y of metaReaders) y.prefetchMeta(t);
      jmdict?.prefetch(t);
    };
    this.merged = { key, source: mergedSources(terms), facts, factsCache: new Map(), prefetchFacts };
    return this.merged;
  }

  private orderRows() {
    const r = this.current();
    const counts = r?.counts();
    const present = [
      ...(counts && counts.entries > 0 ? [JMDICT_ID] : []),
      ...this.shelf.imported().keys(),
      ...(counts && counts.kanji > 0 ? [KANJIDIC_ID] : []),
    ];
    return this.shelf.order(present);
  }

  /** Every dictionary, lookup order first. */
  list(): DictionaryInfo[] {
    const r = this.current();
    const counts = r?.counts() ?? { entries: 0, kanji: 0 };
    const meta = r?.meta() ?? {};
    const imported = this.shelf.imported();
    return this.orderRows().flatMap((row): DictionaryInfo[] => {
      const base = { id: row.id, enabled: row.enabled, priority: row.position };
      if (row.id === JMDICT_ID) {
        return [{ ...base, title: JMDICT_TITLE, revision: meta.edition ?? '', kind: 'jmdict', terms: counts.entries, meta: 0, kanji: 0, attribution: EDRDG_ATTRIBUTION, ...(meta.importedAt ? { importedAt: meta.importedAt } : {}) }];
      }
      if (row.id === KANJIDIC_ID) {
        return [{ ...base, title: KANJIDIC_TITLE, revision: meta.kanjiEdition ?? '', kind: 'kanjidic', terms: 0, meta: 0, kanji: counts.kanji, attribution: EDRDG_ATTRIBUTION }];
      }
      const y = imported.get(row.id);
      if (!y) return [];
      const { info } = y;
      const optional = Object.fromEntries((['attribution', 'author', 'url', 'description', 'importedAt'] as const).flatMap((k) => (info[k] ? [[k, info[k]]] : [])));
      return [{ ...base, title: info.title, revision: info.revision, kind: 'yomitan', terms: info.counts.terms, meta: info.counts.meta, kanji: info.counts.kanji, ...optional }];
    });
  }

  setEnabled(id: string, enabled: boolean): DictionaryInfo[] {
    const rows = this.orderRows();
    const row = rows.find((r) => r.id === id);
    if (!row) throw unknownDictionary(id);
    row.enabled = enabled;
    this.shelf.saveOrder(rows);
    this.merged = null;
    return this.list();
  }

  reorder(ids: readonly string[]): DictionaryInfo[] {
    const rows = this.orderRows();
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id))) {
      throw new AppError({ code: 'bad_request', message: 'The new order must name every dictionary once.', status: 400 });
    }
    this.shelf.saveOrder(ids.map((id) => byId.get(id)!));
    this.merged = null;
    return this.list();
  }

  /** Removes a Yomitan dictionary, or JMdict's or KANJIDIC's part of the offline dictionary. */
  async remove(id: string): Promise<DictionaryInfo[]> {
    await this.exclusive(async () => {
      if (id === JMDICT_ID || id === KANJIDIC_ID) this.removePart(id === JMDICT_ID ? 'words' : 'kanji');
      else if (!this.shelf.remove(id)) throw unknownDictionary(id);
    });
    this.merged = null;
    return this.list();
  }

  /** A new dictionary file with the other part only (or none, when that part is empty too). */
  private removePart(part: 'words' | 'kanji'): void {
    const counts = this.current()?.counts();
    if (!counts) throw unknownDictionary(part === 'words' ? JMDICT_ID : KANJIDIC_ID);
    const keep = part === 'words' ? counts.kanji : counts.entries;
    const meta = this.current()?.meta() ?? {};
    this.reader?.close();
    this.reader = null;
    this.opened = false;
    if (keep === 0) {
      fs.rmSync(this.file, { force: true });
      return;
    }
    const temp = `${this.file}.remove-${process.pid}-${Date.now()}`;
    const writer = new DictionaryWriter(temp, this.opts.nativeBinding);
    try {
      writer.carryOver(this.file, part);
      writer.finish({ importedAt: meta.importedAt ?? new Date().toISOString() });
      fs.renameSync(temp, this.file);
    } catch (e) {
      writer.abandon();
      throw e;
    }
  }

  /** The dictionary's headword for an analyzer's key (see headword.ts); null without a dictionary or when it lacks the word. */
  headword(key: WordKey): WordKey | null {
    const r = this.current();
    if (!r) return null;
    const id = wordKeyId(key);
    let found = this.headwords.get(id);
    if (found === undefined) {
      found = headwordOf(r, key);
      if (this.headwords.size >= 50_000) this.headwords.clear();
      this.headwords.set(id, found);
    }
    return found;
  }

  /** The readings of a written form (see writtenReadings.ts); none without a dictionary. */
  readingsOf(written: string): readonly WrittenReading[] {
    const r = this.current();
    if (!r) return [];
    let found = this.written.get(written);
    if (!found) {
      found = readingsOfWritten(r, written);
      if (this.written.size >= 50_000) this.written.clear();
      this.written.set(written, found);
    }
    return found;
  }

  /** Written forms that are `head` + okurigana + `tail`, with their readings; none without a dictionary. */
  okuriganaVariants(head: string, tail: string): readonly { form: string; readings: readonly WrittenReading[] }[] {
    const r = this.current();
    if (!r) return [];
    const id = `${head}\t${tail}`;
    let found = this.variants.get(id);
    if (!found) {
      found = okuriganaVariants(r, head, tail);
      if (this.variants.size >= 10_000) this.variants.clear();
      this.variants.set(id, found);
    }
    return found;
  }

  /** Kanji cards: KANJIDIC's (when on), completed or stood in for by the enabled Yomitan kanji banks, in order. */
  kanji(text: string): KanjiCard[] {
    const r = this.current();
    const order = this.orderRows().filter((row) => row.enabled);
    const kanjidicOn = order.some((row) => row.id === KANJIDIC_ID);
    const imported = this.shelf.imported();
    const banks = order.flatMap((row) => {
      const y = imported.get(row.id);
      return y && y.info.counts.kanji + y.info.counts.meta > 0 ? [y] : [];
    });
    const out: KanjiCard[] = [];
    for (const ch of new Set(Array.from(text))) {
      let card = kanjidicOn && r ? r.kanji(ch) : null;
      for (const y of banks) card = mergeKanji(card, ch, y.kanji(ch), y.kanjiMeta(ch)[0]?.value);
      if (card) out.push(card);
    }
    return out;
  }

  /** An image of an imported dictionary's structured content, by its path in the zip; null when there is none. */
  image(dictionaryId: string, imagePath: string): { type: string; dataBase64: string } | null {
    const found = this.shelf.imported().get(dictionaryId)?.image(imagePath);
    return found ? { type: found.type, dataBase64: found.data.toString('base64') } : null;
  }

  /** Imports a file held in memory (the `dictionary.import` upload): a zip is a Yomitan dictionary. */
  importBuffer(name: string, data: Buffer, signal?: AbortSignal): Promise<DictionaryImportResult> {
    if (looksLikeZip(data)) return this.exclusive((s) => this.importZip(name, () => openZip(data, DICTIONARY_ZIP_LIMITS), s), signal);
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let at = 0; at < data.length; at += CHUNK) {
        yield data.subarray(at, at + CHUNK);
        // Let progress pushes and other requests through between chunks.
        await new Promise((r) => setImmediate(r));
      }
    }
    return this.exclusive(() => this.importStream(name, chunks(), data.length));
  }

  /**
   * Imports a dictionary file from disk (the desktop's open dialog): a Yomitan zip read by
   * position, never whole, up to DICTIONARY_UPLOAD_MAX_BYTES; any other file streamed, up to
   * DICTIONARY_MAX_BYTES as an upload would be.
   */
  importFile(file: string, signal?: AbortSignal): Promise<DictionaryImportResult> {
    return this.exclusive((s) => this.importFromDisk(file, path.basename(file), s), signal);
  }

  /**
   * Imports a file sent from the browser as a stream (browser mode's `POST /upload/dictionary`):
   * written to a temp file as it comes, bounded, then imported as `importFile` would; the temp
   * file is removed whatever happens. `declared`: the Content-Length, refused at once when too large.
   */
  importUpload(upload: { name: string; body: AsyncIterable<Uint8Array>; declared: number | null }, signal?: AbortSignal): Promise<DictionaryImportResult> {
    const limit = this.uploadLimit;
    if (upload.declared !== null && upload.declared > limit) return Promise.reject(uploadTooLarge(limit));
    return this.exclusive(async (s) => {
      const dir = path.join(this.opts.dir, 'cache', 'dictionary-upload');
      fs.mkdirSync(dir, { recursive: true });
      const temp = path.join(dir, `upload-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
      const progress = this.throttled('upload', upload.name);
      let done = 0;
      try {
        progress(0, upload.declared);
        await receiveUpload({ body: upload.body, file: temp, limit, signal: s, onBytes: (n) => progress((done += n), upload.declared) });
        return await this.importFromDisk(temp, upload.name, s);
      } finally {
        fs.rmSync(temp, { force: true });
      }
    }, signal);
  }

  /** The largest dictionary zip taken from disk or an upload. */
  private get uploadLimit(): number {
    return this.opts.uploadMaxBytes ?? DICTIONARY_UPLOAD_MAX_BYTES;
  }

  /** One file on disk → the right importer, by its first bytes rather than its name. */
  private async importFromDisk(file: string, name: string, signal: AbortSignal): Promise<DictionaryImportResult> {
    let size: number;
    const head = Buffer.alloc(4);
    try {
      const fd = fs.openSync(file, 'r');
      try {
        const stat = fs.fstatSync(fd);
        if (!stat.isFile()) throw new Error('not a file');
        size = stat.size;
        fs.readSync(fd, head, 0, 4, 0);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      throw new DictionaryInputError('not_dictionary', 'The file could not be read. Nothing was changed.');
    }
    if (looksLikeZip(head)) {
      if (size > this.uploadLimit) throw uploadTooLarge(this.uploadLimit);
      return this.importZip(name, () => openZip({ path: file }, DICTIONARY_ZIP_LIMITS), signal);
    }
    if (size > DICTIONARY_MAX_BYTES) throw new DictionaryInputError('too_large', 'The file is larger than 64 MiB; import it gzipped.');
    return this.importStream(name, fs.createReadStream(file, { highWaterMark: CHUNK }), size);
  }

  private async importZip(name: string, open: () => Promise<ZipReader>, signal?: AbortSignal): Promise<DictionaryImportResult> {
    const progress = this.throttled('import', name);
    let zip: ZipReader;
    try {
      zip = await open();
    } catch (e) {
      throw asDictionaryError(e);
    }
    try {
      const result = await this.shelf.importZip(zip, { ...(signal ? { signal } : {}), onProgress: (done, total) => progress(done, total) });
      this.merged = null;
      return { entries: result.counts.terms, kanji: result.counts.kanji, title: result.index.title };
    } finally {
      await zip.close();
    }
  }

  /** Builds the shipped pitch and JLPT data when missing (the first start), in the background. */
  prepareBuiltins(): Promise<void> {
    return this.shelf.prepareBuiltins().then(() => void (this.merged = null));
  }

  /** Downloads EDRDG's word list and kanji list, then imports both (each in one step). */
  download(callerSignal?: AbortSignal): Promise<DictionaryImportResult> {
    return this.exclusive(async (signal) => {
      const dir = path.join(this.opts.dir, 'cache', 'dictionary-download');
      fs.mkdirSync(dir, { recursive: true });
      let result: DictionaryImportResult = { entries: 0, kanji: 0 };
      try {
        const files: string[] = [];
        for (const name of DOWNLOAD_FILES) {
          const dest = path.join(dir, name);
          await downloadFile(`${this.opts.downloadBase}/${name}`, dest, this.throttled('download', name), signal);
          files.push(dest);
        }
        for (const dest of files) {
          result = await this.importStream(path.basename(dest), fs.createReadStream(dest, { highWaterMark: CHUNK }), fs.statSync(dest).size);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      return result;
    }, callerSignal);
  }

  /** The running import's or download's cancel (`dictionary.cancelImport`). */
  private cancelRunning: AbortController | null = null;

  /** Cancels the running import or download; false when none runs. */
  cancelImport(): boolean {
    if (!this.cancelRunning) return false;
    this.cancelRunning.abort();
    return true;
  }

  /** One import at a time; `job` gets a signal that the caller's signal and cancelImport() both abort. */
  private async exclusive<T>(job: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.busy) throw new AppError({ code: 'bad_request', message: 'A dictionary import is already running.', status: 409 });
    this.busy = true;
    const cancel = new AbortController();
    this.cancelRunning = cancel;
    try {
      return await job(signal ? AbortSignal.any([signal, cancel.signal]) : cancel.signal);
    } finally {
      this.busy = false;
      this.cancelRunning = null;
    }
  }

  private throttled(phase: DictionaryProgress['phase'], file: string): (done: number, total: number | null) => void {
    let last = 0;
    return (done, total) => {
      const now = Date.now();
      if (now - last < PROGRESS_MS && done !== total) return;
      last = now;
      this.opts.onProgress?.({ phase, file, done, total });
    };
  }

  private async importStream(name: string, bytes: AsyncIterable<Buffer>, total: number): Promise<DictionaryImportResult> {
    const progress = this.throttled('import', name);
    let done = 0;
    progress(0, total);
    const tempFile = `${this.file}.import-${process.pid}-${Date.now()}`;
    fs.mkdirSync(this.opts.dir, { recursive: true });
    const built = await buildDictionary({
      bytes: countBytes(bytes, (n) => progress((done += n), total)),
      name,
      tempFile,
      currentFile: this.file,
      inputBytes: total,
      ...(this.opts.caps ? { caps: this.opts.caps } : {}),
      ...(this.opts.nativeBinding ? { nativeBinding: this.opts.nativeBinding } : {}),
      ...(this.opts.xml ? { xml: this.opts.xml } : {}),
    });
    // The one step that replaces the dictionary: readers reopen the new file.
    this.reader?.close();
    this.reader = null;
    this.opened = false;
    fs.renameSync(tempFile, this.file);
    this.merged = null;
    return { entries: built.words, kanji: built.kanji };
  }

  close(): void {
    this.reader?.close();
    this.reader = null;
    this.opened = false;
    this.shelf.close();
    this.merged = null;
  }
}

/** A Yomitan kanji row over a card: it fills what the card lacks, or makes one when there is none. */
function mergeKanji(card: KanjiCard | null, literal: string, row: KanjiRow | null, freq: number | undefined): KanjiCard | null {
  if (!row && (card === null || freq === undefined)) return card;
  const base: KanjiCard = card ?? { literal, on: [], kun: [], nanori: [], meanings: [], strokes: null, grade: null, freq: null, jlpt: null };
  const stat = (k: string) => {
    const n = Number(row?.stats[k]);
    return Number.isFinite(n) && n > 0 ? n : null;
  };
  return {
    ...base,
    on: base.on.length ? base.on : (row?.onyomi ?? []),
    kun: base.kun.length ? base.kun : (row?.kunyomi ?? []),
    meanings: base.meanings.length ? base.meanings : (row?.meanings ?? []),
    strokes: base.strokes ?? stat('strokes'),
    grade: base.grade ?? stat('grade'),
    freq: base.freq ?? (freq !== undefined && Number.isFinite(freq) ? freq : null),
  };
}

const EDRDG_ATTRIBUTION = 'The dictionary files are the property of the Electronic Dictionary Research and Development Group (EDRDG) and are used in conformance with the Group’s licence (CC BY-SA 4.0).';

function unknownDictionary(id: string): AppError {
  return new AppError({ code: 'not_found', message: `There is no dictionary ${id}.`, status: 404 });
}

/** A zip that does not open, in the dictionary's words. */
function asDictionaryError(e: unknown): unknown {
  if (e instanceof AppError && e.data.code === 'too_large') return new DictionaryInputError('too_large', e.message);
  if (e instanceof AppError) return new DictionaryInputError('truncated', e.message);
  return e;
}

/** The enabled dictionaries as one source, their facts, and the facts found so far for this set. */
interface MergedSources {
  key: string;
  source: LookupSource;
  facts: FactSources;
  /** A word's facts by term and reading: a lookup asks them for each of its entries, and the next lookups for the same words again. */
  factsCache: Map<string, AllWordFacts>;
  /** Reads what the facts of these terms need (each dictionary's meta rows, JMdict's hits) in one statement per dictionary. */
  prefetchFacts(terms: readonly string[]): void;
}

/** The word an entry's facts are asked for: its first written form (or reading) and its first reading. */
function factsQueryOf(e: FoundEntry): { term: string; reading: string | undefined } {
  return { term: e.kanji[0] ?? e.readings[0] ?? e.term, reading: e.readings[0] };
}

function factsId(query: WordFactsQuery): string {
  return query.reading === undefined ? query.term : `${query.term}\t${query.reading}`;
}

const FACTS_CACHE = 5_000;

/** A word's facts from these sources, cached for as long as the set of sources stays. */
function factsOf(sources: MergedSources, query: WordFactsQuery): AllWordFacts {
  const id = factsId(query);
  let found = sources.factsCache.get(id);
  if (!found) {
    found = wordFacts(sources.facts, query);
    if (sources.factsCache.size >= FACTS_CACHE) sources.factsCache.clear();
    sources.factsCache.set(id, found);
  }
  return found;
}

/** JMdict's priority score of a word with this reading (the best of its entries). */
function jmdictScore(reader: DictionaryReader, term: string, reading: string | undefined): number | null {
  let best: number | null = null;
  for (const h of reader.hits(term)) {
    if (reading && !h.isKanji && term !== reading) continue;
    if (reading && h.isKanji && !(JSON.parse(h.readingsJson) as string[]).includes(reading)) continue;
    best = Math.max(best ?? 0, h.formScore, h.entryScore);
  }
  return best;
}
