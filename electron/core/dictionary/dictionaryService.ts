/**
 * The offline dictionary as the core sees it: status, lookups, kanji cards, imports
 * (from uploaded bytes or downloaded files) with progress, one import at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DictionaryEntry, DictionaryImportResult, DictionaryProgress, DictionaryState, DictionaryStatus, KanjiCard } from '../../../shared/contract/dictionary';
import { AppError } from '../../../shared/result';
import { DICTIONARY_FILE, DictionaryReader, DictionaryVersionError } from './dictionaryStore';
import { downloadFile } from './downloadFile';
import { buildDictionary } from './importDictionary';
import { countBytes } from './inputStream';
import { lookup, type ExtraTerm } from './lookup';
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
}

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

  constructor(private readonly opts: DictionaryServiceOptions) {
    this.file = path.join(opts.dir, DICTIONARY_FILE);
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
   * Right after opening, off the caller's path: a few lookups of everyday text, so the first
   * hover finds the lookup code compiled and the index's top pages read.
   */
  private warmSoon(reader: DictionaryReader): void {
    const timer = setTimeout(() => {
      if (this.reader !== reader) return;
      for (let i = 0; i < WARM_TEXT.length; i++) lookup(reader, WARM_TEXT.slice(i));
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

  lookup(text: string, reading?: string, extra?: readonly ExtraTerm[]): DictionaryEntry[] {
    const r = this.current();
    return r ? lookup(r, text, { ...(reading ? { reading } : {}), ...(extra ? { extra } : {}) }) : [];
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

  kanji(text: string): KanjiCard[] {
    const r = this.current();
    if (!r) return [];
    const out: KanjiCard[] = [];
    for (const ch of new Set(Array.from(text))) {
      const card = r.kanji(ch);
      if (card) out.push(card);
    }
    return out;
  }

  /** Imports a file held in memory (the `dictionary.import` upload). */
  importBuffer(name: string, data: Buffer): Promise<DictionaryImportResult> {
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let at = 0; at < data.length; at += CHUNK) {
        yield data.subarray(at, at + CHUNK);
        // Let progress pushes and other requests through between chunks.
        await new Promise((r) => setImmediate(r));
      }
    }
    return this.exclusive(() => this.importStream(name, chunks(), data.length));
  }

  /** Downloads EDRDG's word list and kanji list, then imports both (each in one step). */
  download(signal?: AbortSignal): Promise<DictionaryImportResult> {
    return this.exclusive(async () => {
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
    });
  }

  private async exclusive<T>(job: () => Promise<T>): Promise<T> {
    if (this.busy) throw new AppError({ code: 'bad_request', message: 'A dictionary import is already running.', status: 409 });
    this.busy = true;
    try {
      return await job();
    } finally {
      this.busy = false;
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
    return { entries: built.words, kanji: built.kanji };
  }

  close(): void {
    this.reader?.close();
    this.reader = null;
    this.opened = false;
  }
}
