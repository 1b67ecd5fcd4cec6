/**
 * The dictionary's own SQLite file (APP_DATA_DIR/dictionary.db): entries with their
 * senses as JSON, every written form and reading in `forms` (indexed), kanji cards,
 * and a little metadata. Written once per import into a temp file (DictionaryWriter),
 * then only read (DictionaryReader).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { DictionarySense, KanjiCard } from '../../../shared/contract/dictionary';
import type { DictionaryKind, KanjiRecord, WordRecord } from './records';
import { FormLookup, groupRows, hashesBlob, hashesFromBlob } from './formHashes';
import { entryClasses } from './wordClass';
import { hasIndex, openReadOnly, withHitIndexes, type HitIndex } from './hitIndexes';
import { EntryCache } from './entryCache';

export const DICTIONARY_FILE = 'dictionary.db';
const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entries(id INTEGER PRIMARY KEY, kanji TEXT NOT NULL, readings TEXT NOT NULL, common INTEGER NOT NULL,
  score INTEGER NOT NULL, classes INTEGER NOT NULL, senses TEXT NOT NULL);
CREATE TABLE forms(form TEXT NOT NULL, entry_id INTEGER NOT NULL, is_kanji INTEGER NOT NULL, score INTEGER NOT NULL);
CREATE TABLE kanji(literal TEXT PRIMARY KEY, card TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE form_hashes(data BLOB NOT NULL);
`;
/** Built after the bulk insert: much faster than keeping them up to date row by row. */
const INDEXES = `CREATE INDEX forms_by_form ON forms(form, is_kanji);`;
/** What a hit reads of its entry, without the entry's row (hitIndexes.ts); added to older files when opened. */
const HIT_INDEXES: HitIndex[] = [{ name: 'entries_hits', sql: 'CREATE INDEX IF NOT EXISTS entries_hits ON entries(id, common, score, classes, readings)' }];

/** The metadata keys: each import writes its part's keys and carries the other part's over. */
export const META_KEYS = {
  words: ['edition', 'wordsSource'],
  kanji: ['kanjiEdition', 'kanjiSource'],
} as const;

/** Senses as stored: the fields that are empty for most senses are left out. */
type StoredSense = Partial<DictionarySense>;

function packSense(s: DictionarySense): StoredSense {
  const out: StoredSense = { pos: s.pos, posCodes: s.posCodes, glosses: s.glosses };
  if (s.misc.length) {
    out.misc = s.misc;
    out.miscCodes = s.miscCodes;
  }
  if (s.field.length) out.field = s.field;
  if (s.dialect.length) out.dialect = s.dialect;
  if (s.info.length) out.info = s.info;
  if (s.lang !== 'eng') out.lang = s.lang;
  return out;
}

export function unpackSenses(json: string): DictionarySense[] {
  return (JSON.parse(json) as StoredSense[]).map((s) => ({
    pos: s.pos ?? [],
    glosses: s.glosses ?? [],
    misc: s.misc ?? [],
    posCodes: s.posCodes ?? [],
    miscCodes: s.miscCodes ?? [],
    field: s.field ?? [],
    dialect: s.dialect ?? [],
    info: s.info ?? [],
    lang: s.lang ?? 'eng',
  }));
}

/**
 * Rows per transaction. Each record is written the moment the parser hands it over and
 * nothing keeps it: its objects die young, in V8's cheap scavenges. Records kept for a batch
 * survived into the old generation instead, which grew by 150 MB of garbage between full
 * collections during a JMdict import.
 */
const ROWS_PER_COMMIT = 5_000;
const MAX_HITS_PER_FORM = 40;
/** Ids for EDICT lines without an EntL number: above JMdict's seven-digit ones. */
const UNNUMBERED_BASE = 900_000_000;

export class DictionaryWriter {
  private readonly db: Database.Database;
  private readonly insertEntry: Database.Statement;
  private readonly insertForm: Database.Statement;
  private readonly insertKanji: Database.Statement;
  /** Rows written since the open transaction began. */
  private uncommitted = 0;
  private unnumbered = 0;
  private readonly seen = new Set<number>();
  words = 0;
  kanji = 0;

  constructor(readonly file: string, nativeBinding?: string) {
    fs.rmSync(file, { force: true });
    this.db = new Database(file, nativeBinding ? { nativeBinding } : {});
    // A temp file that is thrown away on any failure: no journal needed.
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    // The page cache bounds the import's memory, the index build's sort included: past it the
    // sort spills into a temp file, never into memory. 16 MB: 4 MB saved 20 MB of a JMdict
    // import's peak but cost it 1.5 s more CPU.
    this.db.pragma('cache_size = -16000');
    this.db.pragma('temp_store = FILE');
    this.db.exec(SCHEMA);
    this.insertEntry = this.db.prepare('INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.insertForm = this.db.prepare('INSERT INTO forms VALUES (?, ?, ?, ?)');
    this.insertKanji = this.db.prepare('INSERT OR REPLACE INTO kanji VALUES (?, ?)');
  }

  word(w: WordRecord): void {
    this.begin();
    let id = w.id ?? UNNUMBERED_BASE + ++this.unnumbered;
    // EDICT can repeat a number; JMdict never does.
    while (this.seen.has(id)) id = UNNUMBERED_BASE + ++this.unnumbered;
    this.seen.add(id);
    const score = Math.max(0, ...w.kanji.map((f) => f.score), ...w.readings.map((f) => f.score));
    const classes = entryClasses(w.senses.flatMap((s) => s.posCodes), [...w.kanji, ...w.readings].map((f) => f.text));
    this.insertEntry.run(
      id,
      JSON.stringify(w.kanji.map((f) => f.text)),
      JSON.stringify(w.readings.map((f) => f.text)),
      w.common ? 1 : 0,
      score,
      classes,
      JSON.stringify(w.senses.map(packSense)),
    );
    for (const f of w.kanji) this.insertForm.run(f.text, id, 1, f.score);
    for (const f of w.readings) this.insertForm.run(f.text, id, 0, f.score);
    this.words++;
    this.written();
  }

  addKanji(k: KanjiRecord): void {
    this.begin();
    this.insertKanji.run(k.literal, JSON.stringify(k));
    this.kanji++;
    this.written();
  }

  /**
   * The file may grow to `bytes` and no further: SQLite itself refuses the page past it
   * (SQLITE_FULL), so nothing is written beyond the cap before it is noticed.
   */
  limitSize(bytes: number): void {
    const pageSize = this.db.pragma('page_size', { simple: true }) as number;
    this.db.pragma(`max_page_count = ${Math.max(1, Math.floor(bytes / pageSize))}`);
  }

  /**
   * Whether an SQLITE_FULL came from limitSize's cap rather than the disk: SQLite rolls the
   * transaction back on it, so the page count no longer shows; the disk's free space does.
   */
  fullByCap(): boolean {
    try {
      const fsStat = fs.statfsSync(path.dirname(this.file));
      return fsStat.bavail * fsStat.bsize > 64 * 1024 * 1024;
    } catch {
      return true;
    }
  }

  /** Commits what was written so far. */
  flush(): void {
    this.uncommitted = 0;
    if (this.db.inTransaction) this.db.exec('COMMIT');
  }

  private begin(): void {
    if (!this.db.inTransaction) this.db.exec('BEGIN');
  }

  private written(): void {
    if (++this.uncommitted >= ROWS_PER_COMMIT) this.flush();
  }

  /**
   * Copies the part this import does not replace (the kanji when words are imported,
   * and the reverse) from the current dictionary file, if there is a readable one.
   */
  carryOver(fromFile: string, imported: DictionaryKind): void {
    if (!fs.existsSync(fromFile)) return;
    try {
      this.db.prepare('ATTACH DATABASE ? AS old').run(fromFile);
    } catch {
      return;
    }
    try {
      // Another version's tables may not line up with ours: such a file gives nothing over.
      if (this.db.pragma('old.user_version', { simple: true }) !== SCHEMA_VERSION) return;
      // What is carried over was capped when it was imported: the cap is for this import's part.
      const max = this.db.pragma('max_page_count', { simple: true }) as number;
      const pageSize = this.db.pragma('page_size', { simple: true }) as number;
      this.db.pragma(`max_page_count = ${max + Math.ceil(fs.statSync(fromFile).size / pageSize)}`);
      const keys = imported === 'words' ? META_KEYS.kanji : META_KEYS.words;
      this.db.transaction(() => {
        if (imported === 'words') this.kanji += this.db.prepare('INSERT INTO kanji SELECT * FROM old.kanji').run().changes;
        else {
          this.words += this.db.prepare('INSERT INTO entries SELECT * FROM old.entries').run().changes;
          this.db.exec('INSERT INTO forms SELECT * FROM old.forms');
        }
        for (const k of keys) this.db.prepare('INSERT OR REPLACE INTO meta SELECT key, value FROM old.meta WHERE key = ?').run(k);
      })();
    } catch {
      // An unreadable old file: the new one has only what was imported now.
    } finally {
      this.db.exec('DETACH DATABASE old');
    }
  }

  finish(meta: Record<string, string>): void {
    this.flush();
    const put = this.db.prepare('INSERT OR REPLACE INTO meta VALUES (?, ?)');
    this.db.transaction(() => {
      for (const [k, v] of Object.entries(meta)) put.run(k, v);
    })();
    this.db.exec(INDEXES);
    for (const i of HIT_INDEXES) this.db.exec(i.sql);
    const forms = this.db.prepare('SELECT DISTINCT form FROM forms').pluck().iterate() as IterableIterator<string>;
    this.db.prepare('INSERT INTO form_hashes VALUES (?)').run(hashesBlob(forms));
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    this.db.exec('ANALYZE');
    this.db.close();
  }

  abandon(): void {
    if (this.db.open) this.db.close();
    fs.rmSync(this.file, { force: true });
  }
}

export interface FormHit {
  entryId: number;
  formScore: number;
  isKanji: boolean;
  entryScore: number;
  classes: number;
  common: boolean;
  /** The entry's readings as stored (JSON), parsed only when a reading is asked for. */
  readingsJson: string;
  /** The dictionary's place in the lookup order when several are merged (0 = first). */
  rank?: number;
}

export interface StoredEntry {
  id: number;
  kanji: string[];
  readings: string[];
  common: boolean;
  senses: DictionarySense[];
}

/** A dictionary file built by another version of the app: readable again only after a new import. */
export class DictionaryVersionError extends Error {
  constructor(readonly found: number) {
    super(`dictionary file of schema version ${found}, this app reads ${SCHEMA_VERSION}`);
  }
}

interface HitRow {
  entry_id: number;
  fs: number;
  is_kanji: number;
  score: number;
  classes: number;
  common: number;
  readings: string;
}

interface EntryRow {
  id: number;
  kanji: string;
  readings: string;
  common: number;
  senses: string;
}

function hitOf(r: HitRow): FormHit {
  return { entryId: r.entry_id, formScore: r.fs, isKanji: r.is_kanji === 1, entryScore: r.score, classes: r.classes, common: r.common === 1, readingsJson: r.readings };
}

export class DictionaryReader {
  private readonly db: Database.Database;
  private readonly byForm: Database.Statement<[string], HitRow>;
  /** byForm for several forms in one statement (a JSON array of them), rows unordered and unlimited: lookup order and limit are applied per form in JS. */
  private readonly byForms: Database.Statement<[string], HitRow & { form: string }>;
  private readonly kanjiByLiteral: Database.Statement<[string], { card: string }>;
  private readonly kanjiFormsFrom: Database.Statement<[string, string], { form: string }>;
  private readonly forms: FormLookup<FormHit>;
  private readonly entries: EntryCache<EntryRow, StoredEntry>;

  constructor(file: string, nativeBinding?: string) {
    const options = { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) };
    const db = openReadOnly(file, options);
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      db.close();
      throw new DictionaryVersionError(version);
    }
    this.db = withHitIndexes(db, file, HIT_INDEXES, options);
    // Named: SQLite would rather read the entry's row by its id than the index that has all a hit needs.
    const hitIndex = hasIndex(this.db, 'entries_hits') ? 'INDEXED BY entries_hits' : '';
    // Lookups touch scattered pages of an 80 MB file: mapped, a first lookup reads them without a copy per page.
    this.db.pragma('mmap_size = 268435456');
    this.byForm = this.db.prepare(
      // A one-kana form (し, か) is the reading of a hundred entries: the most common ones are enough to rank.
      `SELECT f.entry_id, f.score AS fs, f.is_kanji, e.score, e.classes, e.common, e.readings FROM forms f JOIN entries e ${hitIndex} ON e.id = f.entry_id
       WHERE f.form = ? ORDER BY e.common DESC, f.score DESC, e.score DESC LIMIT ${MAX_HITS_PER_FORM}`,
    );
    this.byForms = this.db.prepare(
      `SELECT f.form, f.entry_id, f.score AS fs, f.is_kanji, e.score, e.classes, e.common, e.readings FROM forms f JOIN entries e ${hitIndex} ON e.id = f.entry_id
       WHERE f.form IN (SELECT value FROM json_each(?))`,
    );
    this.entries = new EntryCache(
      this.db.prepare('SELECT id, kanji, readings, common, senses FROM entries WHERE id = ?'),
      this.db.prepare('SELECT id, kanji, readings, common, senses FROM entries WHERE id IN (SELECT value FROM json_each(?))'),
      (r) => ({ id: r.id, kanji: JSON.parse(r.kanji) as string[], readings: JSON.parse(r.readings) as string[], common: r.common === 1, senses: unpackSenses(r.senses) }),
    );
    this.kanjiByLiteral = this.db.prepare('SELECT card FROM kanji WHERE literal = ?');
    // A range of the form index: the written forms between two texts.
    this.kanjiFormsFrom = this.db.prepare('SELECT DISTINCT form FROM forms WHERE form >= ? AND form < ? AND is_kanji = 1 LIMIT 200');
    const blob = this.db.prepare('SELECT data FROM form_hashes').pluck().get() as Buffer | undefined;
    this.forms = new FormLookup(hashesFromBlob(blob ?? Buffer.alloc(0)), (form) => this.byForm.all(form).map(hitOf));
  }

  /** Every entry with this written form or reading. */
  hits(form: string): FormHit[] {
    return this.forms.hits(form);
  }

  /** What hits() answers for each of these forms, read in one statement and cached for the hits() calls that follow. */
  prefetch(forms: readonly string[]): void {
    this.forms.prefetch(forms, (wanted) => {
      const byForm = groupRows(this.byForms.all(JSON.stringify(wanted)), (r) => r.form, (r) => r);
      const out = new Map<string, FormHit[]>();
      for (const [form, rows] of byForm) {
        // Past the limit, which rows are kept is the single statement's to say.
        if (rows.length > MAX_HITS_PER_FORM) out.set(form, this.byForm.all(form).map(hitOf));
        // byForm's order; the sort is stable, and the rows come in its scan order (the form index's), as the ties do there.
        else out.set(form, rows.sort((a, b) => b.common - a.common || b.fs - a.fs || b.score - a.score).map(hitOf));
      }
      return out;
    });
  }

  entry(id: number): StoredEntry | null {
    return this.entries.get(id);
  }

  /** These entries read in one statement and cached for the entry() calls that follow (a lookup's dozen). */
  prefetchEntries(ids: readonly number[]): void {
    this.entries.prefetch(ids);
  }

  /** Written forms from `low` (included) to `high` (excluded), at most 200: 恐ぁ…恐ゖ are those of 恐 and okurigana. */
  writtenFormsBetween(low: string, high: string): string[] {
    return this.kanjiFormsFrom.all(low, high).map((r) => r.form);
  }

  kanji(literal: string): KanjiCard | null {
    const r = this.kanjiByLiteral.get(literal);
    return r ? (JSON.parse(r.card) as KanjiCard) : null;
  }

  private countsCache: { entries: number; kanji: number } | undefined;

  /** Counted once: the file never changes under a reader (an import replaces it and a new reader opens). */
  counts(): { entries: number; kanji: number } {
    if (this.countsCache) return this.countsCache;
    const one = (sql: string) => (this.db.prepare(sql).get() as { n: number }).n;
    this.countsCache = { entries: one('SELECT count(*) AS n FROM entries'), kanji: one('SELECT count(*) AS n FROM kanji') };
    return this.countsCache;
  }

  private metaCache: Readonly<Record<string, string>> | undefined;

  /** Read once, like counts(): status() is asked on every lookup. */
  meta(): Readonly<Record<string, string>> {
    if (this.metaCache) return this.metaCache;
    const rows = this.db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
    this.metaCache = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return this.metaCache;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
