/**
 * The offline dictionary: JMdict words and KANJIDIC kanji (EDRDG, CC BY-SA 4.0),
 * imported into a SQLite file of its own and looked up with no network and no key.
 */
import { z } from 'zod';
import type { InflectionReason } from '../inflections';
import type { GlossaryItem } from '../structuredContent';
import type { JlptLevel, WordFrequency, WordIpa, WordPitch } from '../wordFacts';
import { call, type, type AnyDef } from './define';

/** Largest dictionary file accepted by `dictionary.import` (decoded, gzipped or not), and the largest non-zip file from disk. */
export const DICTIONARY_MAX_BYTES = 64 * 1024 * 1024;
/**
 * Largest Yomitan zip taken from disk (the desktop's open dialog) or streamed to disk from the
 * browser (`POST /upload/dictionary`): never held in memory, so it may be far larger (Jitendex is
 * over 100 MB).
 */
export const DICTIONARY_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
/** Browser mode's streamed upload: the file as the raw body (application/octet-stream), its name URI-encoded in `X-File-Name`. */
export const DICTIONARY_UPLOAD_PATH = '/upload/dictionary';

export interface DictionarySense {
  /** Parts of speech as readable names ("Ichidan verb"); `posCodes` keeps JMdict's codes ("v1"). */
  pos: string[];
  glosses: string[];
  /** Tags such as "word usually written using kana alone"; `miscCodes` keeps the codes ("uk"). */
  misc: string[];
  posCodes: string[];
  miscCodes: string[];
  /** Field of use and dialect, readable ("computing", "Kansai-ben"). */
  field: string[];
  dialect: string[];
  /** Free notes (JMdict's s_inf). */
  info: string[];
  /** Gloss language (ISO 639-2, "eng"). */
  lang: string;
  /** A Yomitan dictionary's glossary as it has it (structured content), beside `glosses`' plain text. */
  rich?: GlossaryItem[];
}

export interface DictionaryEntry {
  /** JMdict's ent_seq (or a running number for EDICT lines without one). */
  id: number;
  kanji: string[];
  readings: string[];
  /** JMdict's "common word" (ichi1, news1, spec1/2, gai1 or EDICT's (P)). */
  common: boolean;
  senses: DictionarySense[];
  /** The text from the cursor this entry matched (食べられなかった). */
  matched: string;
  /** The dictionary form looked up (食べる). */
  term: string;
  /** Deinflection steps from `term` to `matched`, innermost first (causative › passive › past): codes the UI translates. */
  reasons: InflectionReason[];
  /** Title of the dictionary the entry came from ("JMdict", "Jitendex.org [2024-…]"). */
  dictionary: string;
  /** Its id (`dictionary.list`'s), which `dictionary.image` takes for the entry's images. */
  dictionaryId?: string;
  /** Frequency dictionaries' values, the shipped JLPT list's (`display: "N5"`…), else JMdict's priority band. */
  frequencies: WordFrequency[];
  /** Pitch accents of the entry's readings: imported pitch dictionaries', then the shipped Kanjium data's. */
  pitches: WordPitch[];
  /** The unofficial JLPT list's level (Jonathan Waller's lists), null when it lacks the word. */
  jlpt: JlptLevel | null;
  /** IPA transcriptions of the entry's readings from imported dictionaries (`ipa` meta); absent when none has any. */
  ipa?: WordIpa[];
}

/** One dictionary of the several the lookup merges (`dictionary.list`), lookup order first. */
export interface DictionaryInfo {
  /** `jmdict`, `kanjidic`, or a Yomitan dictionary's own id. */
  id: string;
  title: string;
  revision: string;
  kind: 'jmdict' | 'kanjidic' | 'yomitan';
  terms: number;
  meta: number;
  kanji: number;
  enabled: boolean;
  /** 0 = looked up first. */
  priority: number;
  /** index.json's attribution (the licence text to show), author, url and description. */
  attribution?: string;
  author?: string;
  url?: string;
  description?: string;
  importedAt?: string;
}

export interface KanjiCard {
  literal: string;
  on: string[];
  kun: string[];
  nanori: string[];
  meanings: string[];
  strokes: number | null;
  grade: number | null;
  /** Rank among the 2,500 most used kanji in newspapers (1 = most used). */
  freq: number | null;
  /** Old (pre-2010) JLPT level, 4 (easiest) to 1. */
  jlpt: number | null;
}

/**
 * `ready`: in use. `none`: nothing imported yet. `outdated`: the file was built by another
 * version of the app and must be imported again. `unreadable`: the file is damaged (import again).
 */
export type DictionaryState = 'ready' | 'none' | 'outdated' | 'unreadable';

export interface DictionaryStatus {
  state: DictionaryState;
  entries: number;
  kanji: number;
  /** The word list's edition date (JMdict's "created" comment, EDICT's header). */
  edition: string | null;
  /** ISO 8601, when the current dictionary file was built. */
  importedAt: string | null;
  kanjiEdition: string | null;
  /** Names of the files the dictionary was built from. */
  sources: string[];
}

export interface DictionaryImportResult {
  entries: number;
  kanji: number;
  /** A Yomitan dictionary's title (its `entries` are its terms). */
  title?: string;
}

/** Pushed while a download or an import runs (`dictionary.progress`). */
export interface DictionaryProgress {
  phase: 'download' | 'upload' | 'import';
  /** The file being read ("JMdict_e.gz"). */
  file: string;
  /** Bytes read so far, of `total` when known. */
  done: number;
  total: number | null;
}

/** The first word of a looked-up text and its dictionary form, as the caller's analysis has them. */
export interface DictionaryFirstWord {
  word: string;
  lemma: string;
}

/** The longest text looked up from the cursor (Yomitan scans about this far too). */
export const LOOKUP_MAX_CHARS = 24;

const base64Limit = Math.ceil(DICTIONARY_MAX_BYTES / 3) * 4;

const FirstWordSchema = z.object({ word: z.string().min(1).max(100), lemma: z.string().min(1).max(100) });

/** Lookups one `dictionary.lookupMany` call takes at most. */
export const DICTIONARY_LOOKUP_BATCH = 300;

export const dictionaryMethods = {
  /**
   * Imports JMdict / JMdict_e / KANJIDIC2 XML or EDICT / KANJIDIC text (gzip accepted), replacing that part
   * in one step; or a Yomitan dictionary zip, added beside the others (the same title and revision replaced).
   */
  'dictionary.import': call({
    args: z.tuple([z.object({ name: z.string().min(1).max(300), dataBase64: z.string().min(1).max(base64Limit) })]),
    result: type<DictionaryImportResult>(),
  }),
  'dictionary.status': call({ args: z.tuple([]), result: type<DictionaryStatus>() }),
  /**
   * Entries for the longest match at the start of `text` (inflected or kana only), best first.
   * A caller that knows the first word's dictionary form passes it, or null when its analysis has
   * no word starting there (a hover inside a word): either way the core does not ask the analyzer.
   */
  'dictionary.lookup': call({
    args: z.tuple([
      z.string().min(1).max(1000),
      z.string().max(100).optional(),
      FirstWordSchema.nullable().optional(),
    ]),
    result: type<DictionaryEntry[]>(),
  }),
  /**
   * Several lookups in one call (the words on screen, looked up ahead of a hover); answers in
   * the order asked, each as `dictionary.lookup` would give it.
   */
  'dictionary.lookupMany': call({
    args: z.tuple([z.array(z.object({ text: z.string().min(1).max(1000), firstWord: FirstWordSchema.nullable().optional() })).max(DICTIONARY_LOOKUP_BATCH)]),
    result: type<DictionaryEntry[][]>(),
  }),
  /** KANJIDIC cards of the kanji in `text`, in order, each once. */
  'dictionary.kanji': call({ args: z.tuple([z.string().min(1).max(100)]), result: type<KanjiCard[]>() }),
  /**
   * An image of a Yomitan dictionary's structured content (an `img` path into its zip), imported
   * with it and sniffed as PNG, JPEG, GIF, WebP or AVIF; null when the dictionary has no such image.
   */
  'dictionary.image': call({ args: z.tuple([z.string().min(1).max(100), z.string().min(1).max(300)]), result: type<{ type: string; dataBase64: string } | null>() }),
  /** Cancels the running import or download (nothing changes then); `cancelled` false when none runs. */
  'dictionary.cancelImport': call({ args: z.tuple([]), result: type<{ cancelled: boolean }>() }),
  /** Every dictionary (JMdict, KANJIDIC, imported Yomitan ones), lookup order first. */
  'dictionary.list': call({ args: z.tuple([]), result: type<DictionaryInfo[]>() }),
  'dictionary.setEnabled': call({ args: z.tuple([z.string().min(1).max(100), z.boolean()]), result: type<DictionaryInfo[]>() }),
  /** `ids`: every dictionary's id, in the new lookup order. */
  'dictionary.reorder': call({ args: z.tuple([z.array(z.string().min(1).max(100)).max(500)]), result: type<DictionaryInfo[]>() }),
  /** Removes an imported dictionary (JMdict and KANJIDIC: their part of the offline dictionary). */
  'dictionary.remove': call({ args: z.tuple([z.string().min(1).max(100)]), result: type<DictionaryInfo[]>() }),
  /**
   * Desktop only: the system's open dialog, then the chosen file imported from disk (a Yomitan zip
   * read by position, never whole); null when the dialog was closed. The renderer never names a path.
   */
  'dictionary.importFromDisk': call({ args: z.tuple([]), result: type<DictionaryImportResult | null>() }),
  /** Downloads JMdict_e and KANJIDIC2 from EDRDG (or YOMIMONO_DICTIONARY_URL) and imports both; progress is pushed. */
  'dictionary.download': call({ args: z.tuple([]), result: type<DictionaryImportResult>() }),
} satisfies Record<string, AnyDef>;
