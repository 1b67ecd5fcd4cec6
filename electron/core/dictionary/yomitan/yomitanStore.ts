/**
 * One imported Yomitan dictionary as a SQLite file of its own (APP_DATA_DIR/dictionaries/<id>.db):
 * its terms as ready-made entries with every written form and reading indexed, its term and
 * kanji metadata (freq, pitch, ipa) by text, its kanji and its tags. Built once into a temp
 * file by YomitanWriter, then only read (YomitanReader), like the JMdict file.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { DictionarySense } from '../../../../shared/contract/dictionary';
import type { FormHit, StoredEntry } from '../dictionaryStore';
import { FormLookup, groupRows, hashesBlob, hashesFromBlob } from '../formHashes';
import { entryClasses } from '../wordClass';
import { hasIndex, openReadOnly, withHitIndexes, type HitIndex } from '../hitIndexes';
import { EntryCache } from '../entryCache';
import { imagePaths, type ImageType } from './dictionaryImages';
import { glossaryLines, type FreqData, type KanjiMetaRow, type KanjiRow, type TagRow, type TermMeta, type TermMetaRow, type TermRow } from './yomitanFormat';

const SCHEMA_VERSION = 1;
const SCHEMA = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE terms(id INTEGER PRIMARY KEY, readings TEXT NOT NULL, classes INTEGER NOT NULL, score INTEGER NOT NULL,
  common INTEGER NOT NULL, entry TEXT NOT NULL);
CREATE TABLE forms(form TEXT NOT NULL, term_id INTEGER NOT NULL, is_kanji INTEGER NOT NULL);
CREATE TABLE term_meta(expression TEXT NOT NULL, mode TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE kanji(character TEXT PRIMARY KEY, data TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE kanji_meta(character TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE tags(name TEXT PRIMARY KEY, category TEXT NOT NULL, ord INTEGER NOT NULL, notes TEXT NOT NULL, score INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE hashes(data BLOB NOT NULL);
CREATE TABLE images(path TEXT PRIMARY KEY, type TEXT NOT NULL, data BLOB NOT NULL) WITHOUT ROWID;
`;
/**
 * What a hit reads of its form and term, without their rows (../hitIndexes.ts); added to older files when
 * opened. forms_hits keeps forms_by_form's order: a term's forms are written right after it, so term ids
 * rise with the forms' row ids.
 */
const HIT_INDEXES: HitIndex[] = [
  { name: 'forms_hits', sql: 'CREATE INDEX IF NOT EXISTS forms_hits ON forms(form, term_id, is_kanji)' },
  { name: 'terms_hits', sql: 'CREATE INDEX IF NOT EXISTS terms_hits ON terms(id, score, classes, common, readings)' },
];
const INDEXES = `
CREATE INDEX forms_by_form ON forms(form);
CREATE INDEX term_meta_by_expression ON term_meta(expression);
CREATE INDEX kanji_meta_by_character ON kanji_meta(character);
`;

/** Rows per transaction: a bank's worth at most, so memory stays flat whatever the dictionary's size. */
const ROWS_PER_COMMIT = 5_000;
const MAX_HITS_PER_FORM = 40;
/** Tags that mark a popular word in the common Yomitan dictionaries (JMdict's P, Jitendex's ★). */
const COMMON_TAGS = new Set(['P', '★', 'common']);
const POS_CATEGORY = 'partOfSpeech';

export interface YomitanCounts {
  terms: number;
  meta: number;
  kanji: number;
}

/** An entry as stored: what DictionaryEntry needs beyond the lookup's own fields. */
interface StoredTerm {
  kanji: string[];
  readings: string[];
  senses: DictionarySense[];
}

export class YomitanWriter {
  private readonly db: Database.Database;
  private readonly insertTerm: Database.Statement;
  private readonly insertForm: Database.Statement;
  private readonly insertMeta: Database.Statement;
  private readonly insertKanji: Database.Statement;
  private readonly insertKanjiMeta: Database.Statement;
  private readonly insertTag: Database.Statement;
  private readonly insertImage: Database.Statement;
  private readonly tags = new Map<string, TagRow>();
  /** Image paths the terms' glossaries refer to: the only zip entries read as images. */
  readonly imagePaths = new Set<string>();
  private uncommitted = 0;
  readonly counts: YomitanCounts = { terms: 0, meta: 0, kanji: 0 };

  constructor(readonly file: string, nativeBinding?: string) {
    fs.rmSync(file, { force: true });
    this.db = new Database(file, nativeBinding ? { nativeBinding } : {});
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.pragma('cache_size = -16000');
    this.db.pragma('temp_store = FILE');
    this.db.exec(SCHEMA);
    this.insertTerm = this.db.prepare('INSERT INTO terms(readings, classes, score, common, entry) VALUES (?, ?, ?, ?, ?)');
    this.insertForm = this.db.prepare('INSERT INTO forms VALUES (?, ?, ?)');
    this.insertMeta = this.db.prepare('INSERT INTO term_meta VALUES (?, ?, ?)');
    this.insertKanji = this.db.prepare('INSERT OR REPLACE INTO kanji VALUES (?, ?)');
    this.insertKanjiMeta = this.db.prepare('INSERT INTO kanji_meta VALUES (?, ?)');
    this.insertTag = this.db.prepare('INSERT OR REPLACE INTO tags VALUES (?, ?, ?, ?, ?)');
    this.insertImage = this.db.prepare('INSERT OR REPLACE INTO images VALUES (?, ?, ?)');
  }

  image(path: string, type: ImageType, data: Uint8Array): void {
    this.begin();
    this.insertImage.run(path, type, data);
    this.written();
  }

  /** Tags first: the terms' parts of speech and notes are named from them. */
  tag(t: TagRow): void {
    this.begin();
    this.tags.set(t.name, t);
    this.insertTag.run(t.name, t.category, Math.round(t.order), t.notes, Math.round(t.score));
    this.written();
  }

  term(t: TermRow): void {
    this.begin();
    const posCodes = [...new Set([...t.rules, ...t.definitionTags.filter((d) => this.tags.get(d)?.category === POS_CATEGORY)])];
    const miscCodes = t.definitionTags.filter((d) => !posCodes.includes(d));
    const name = (code: string) => this.tags.get(code)?.notes || code;
    const rich = t.glossary.some((g) => g.kind === 'rich');
    for (const g of t.glossary) if (g.kind === 'rich') imagePaths(g.content, this.imagePaths);
    const sense: DictionarySense = {
      pos: posCodes.map(name),
      posCodes,
      glosses: glossaryLines(t.glossary),
      misc: miscCodes.map(name),
      miscCodes,
      field: [],
      dialect: [],
      info: [],
      lang: 'eng',
      ...(rich ? { rich: t.glossary } : {}),
    };
    const kanji = t.expression !== t.reading ? [t.expression] : [];
    const stored: StoredTerm = { kanji, readings: [t.reading], senses: [sense] };
    const common = [...t.termTags, ...t.definitionTags].some((x) => COMMON_TAGS.has(x));
    const classes = entryClasses(t.rules, [t.expression, t.reading]);
    const id = this.insertTerm.run(JSON.stringify([t.reading]), classes, t.score, common ? 1 : 0, JSON.stringify(stored)).lastInsertRowid;
    if (kanji.length) this.insertForm.run(t.expression, id, 1);
    this.insertForm.run(t.reading, id, 0);
    this.counts.terms++;
    this.written();
  }

  termMeta(m: TermMetaRow): void {
    this.begin();
    this.insertMeta.run(m.expression, m.meta.mode, JSON.stringify(m.meta.data));
    this.counts.meta++;
    this.written();
  }

  kanji(k: KanjiRow): void {
    this.begin();
    this.insertKanji.run(k.character, JSON.stringify(k));
    this.counts.kanji++;
    this.written();
  }

  kanjiMeta(k: KanjiMetaRow): void {
    this.begin();
    this.insertKanjiMeta.run(k.character, JSON.stringify(k.freq));
    this.counts.meta++;
    this.written();
  }

  flush(): void {
    this.uncommitted = 0;
    if (this.db.inTransaction) this.db.exec('COMMIT');
  }

  finish(meta: Record<string, string>): void {
    this.flush();
    const put = this.db.prepare('INSERT OR REPLACE INTO meta VALUES (?, ?)');
    this.db.transaction(() => {
      for (const [k, v] of Object.entries(meta)) put.run(k, v);
      put.run('counts', JSON.stringify(this.counts));
    })();
    this.db.exec(INDEXES);
    for (const i of HIT_INDEXES) this.db.exec(i.sql);
    const texts = this.db.prepare('SELECT form FROM forms UNION SELECT expression FROM term_meta').pluck().iterate() as IterableIterator<string>;
    this.db.prepare('INSERT INTO hashes VALUES (?)').run(hashesBlob(texts));
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    this.db.exec('ANALYZE');
    this.db.close();
  }

  abandon(): void {
    if (this.db.open) this.db.close();
    fs.rmSync(this.file, { force: true });
  }

  private begin(): void {
    if (!this.db.inTransaction) this.db.exec('BEGIN');
  }

  private written(): void {
    if (++this.uncommitted >= ROWS_PER_COMMIT) this.flush();
  }
}

export interface YomitanInfo {
  title: string;
  revision: string;
  format: number;
  author?: string;
  url?: string;
  description?: string;
  attribution?: string;
  importedAt?: string;
  counts: YomitanCounts;
}

interface TermHitRow {
  term_id: number;
  is_kanji: number;
  score: number;
  classes: number;
  common: number;
  readings: string;
}

interface TermRowStored {
  id: number;
  common: number;
  entry: string;
}

function termMetaOf(r: { mode: string; data: string }): TermMeta {
  return { mode: r.mode, data: JSON.parse(r.data) } as TermMeta;
}

function termHitOf(r: TermHitRow): FormHit {
  return { entryId: r.term_id, formScore: r.score, isKanji: r.is_kanji === 1, entryScore: r.score, classes: r.classes, common: r.common === 1, readingsJson: r.readings };
}

export class YomitanReader {
  private readonly db: Database.Database;
  private readonly byForm: Database.Statement<[string], TermHitRow>;
  /** byForm for several forms in one statement (a JSON array of them), unlimited: the limit is applied per form in JS. */
  private readonly byForms: Database.Statement<[string], TermHitRow & { form: string }>;
  private readonly metaByText: Database.Statement<[string], { mode: string; data: string }>;
  private readonly metaByTexts: Database.Statement<[string], { expression: string; mode: string; data: string }>;
  private readonly kanjiByChar: Database.Statement<[string], { data: string }>;
  private readonly kanjiMetaByChar: Database.Statement<[string], { data: string }>;
  /** Null for a file built before images were imported. */
  private readonly imageByPath: Database.Statement<[string], { type: string; data: Buffer }> | null;
  private readonly hashes: Uint32Array;
  private readonly forms: FormLookup<FormHit>;
  /** Each text's freq, pitch and ipa rows, behind the same hashes and cache as the forms. */
  private readonly metaRows: FormLookup<TermMeta>;
  /** Parsed entries (a structured-content entry is kilobytes of JSON): a hover's neighbours repeat them. */
  private readonly entries: EntryCache<TermRowStored, StoredEntry>;
  readonly info: YomitanInfo;

  constructor(readonly file: string, nativeBinding?: string) {
    const options = { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) };
    let db = openReadOnly(file, options);
    try {
      const version = db.pragma('user_version', { simple: true }) as number;
      if (version !== SCHEMA_VERSION) throw new Error(`dictionary file of schema version ${version}, this app reads ${SCHEMA_VERSION}`);
      db = withHitIndexes(db, file, HIT_INDEXES, options);
    } catch (e) {
      if (db.open) db.close();
      throw e;
    }
    this.db = db;
    try {
      // Named: SQLite would rather read the term's row by its id than the index that has all a hit needs.
      const hitIndex = hasIndex(this.db, 'terms_hits') ? 'INDEXED BY terms_hits' : '';
      // As the JMdict file: a first lookup reads scattered pages of a file of hundreds of MB mapped, not copied through a 2 MB cache.
      this.db.pragma('mmap_size = 1073741824');
      this.byForm = this.db.prepare(
        `SELECT f.term_id, f.is_kanji, t.score, t.classes, t.common, t.readings FROM forms f JOIN terms t ${hitIndex} ON t.id = f.term_id WHERE f.form = ? LIMIT ${MAX_HITS_PER_FORM}`,
      );
      this.byForms = this.db.prepare(
        `SELECT f.form, f.term_id, f.is_kanji, t.score, t.classes, t.common, t.readings FROM forms f JOIN terms t ${hitIndex} ON t.id = f.term_id WHERE f.form IN (SELECT value FROM json_each(?))`,
      );
      this.entries = new EntryCache(
        this.db.prepare('SELECT id, common, entry FROM terms WHERE id = ?'),
        this.db.prepare('SELECT id, common, entry FROM terms WHERE id IN (SELECT value FROM json_each(?))'),
        (r) => {
          const t = JSON.parse(r.entry) as StoredTerm;
          return { id: r.id, kanji: t.kanji, readings: t.readings, common: r.common === 1, senses: t.senses };
        },
      );
      this.metaByText = this.db.prepare('SELECT mode, data FROM term_meta WHERE expression = ?');
      this.metaByTexts = this.db.prepare('SELECT expression, mode, data FROM term_meta WHERE expression IN (SELECT value FROM json_each(?))');
      this.kanjiByChar = this.db.prepare('SELECT data FROM kanji WHERE character = ?');
      this.kanjiMetaByChar = this.db.prepare('SELECT data FROM kanji_meta WHERE character = ?');
      const hasImages = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'images'").get() !== undefined;
      this.imageByPath = hasImages ? this.db.prepare('SELECT type, data FROM images WHERE path = ?') : null;
      const blob = this.db.prepare('SELECT data FROM hashes').pluck().get() as Buffer | undefined;
      this.hashes = hashesFromBlob(blob ?? Buffer.alloc(0));
      this.forms = new FormLookup(this.hashes, (form) => this.byForm.all(form).map(termHitOf));
      this.metaRows = new FormLookup(this.hashes, (text) => this.metaByText.all(text).map(termMetaOf));
      const meta = Object.fromEntries((this.db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
      const opt = (k: string) => (meta[k] ? { [k]: meta[k] } : {});
      this.info = {
        title: meta.title ?? '',
        revision: meta.revision ?? '',
        format: Number(meta.format ?? 3),
        ...opt('author'),
        ...opt('url'),
        ...opt('description'),
        ...opt('attribution'),
        ...opt('importedAt'),
        counts: JSON.parse(meta.counts ?? '{"terms":0,"meta":0,"kanji":0}') as YomitanCounts,
      };
    } catch (e) {
      this.db.close();
      throw e;
    }
  }

  hits(form: string): FormHit[] {
    return this.forms.hits(form);
  }

  /** What hits() answers for each of these forms, read in one statement and cached for the hits() calls that follow. */
  prefetch(forms: readonly string[]): void {
    this.forms.prefetch(forms, (wanted) => {
      const out = new Map<string, FormHit[]>();
      // Rows come form by form in the form index's order, as byForm scans them; past its limit, byForm says which are kept.
      const over = new Set<string>();
      for (const r of this.byForms.all(JSON.stringify(wanted))) {
        const hits = out.get(r.form);
        if (!hits) out.set(r.form, [termHitOf(r)]);
        else if (hits.length < MAX_HITS_PER_FORM) hits.push(termHitOf(r));
        else over.add(r.form);
      }
      for (const form of over) out.set(form, this.byForm.all(form).map(termHitOf));
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

  /** Every freq, pitch and ipa row of this text. */
  termMeta(text: string): TermMeta[] {
    return this.metaRows.hits(text);
  }

  /** termMeta() of these texts read in one statement and cached for the termMeta() calls that follow (a lookup's entries). */
  prefetchMeta(texts: readonly string[]): void {
    // Each text's rows in the index's order, as metaByText returns them.
    this.metaRows.prefetch(texts, (wanted) => groupRows(this.metaByTexts.all(JSON.stringify(wanted)), (r) => r.expression, termMetaOf));
  }

  kanji(character: string): KanjiRow | null {
    const r = this.kanjiByChar.get(character);
    return r ? (JSON.parse(r.data) as KanjiRow) : null;
  }

  kanjiMeta(character: string): FreqData[] {
    return this.kanjiMetaByChar.all(character).map((r) => JSON.parse(r.data) as FreqData);
  }

  /** An imported image by its path in the zip; null when the dictionary has none there. */
  image(path: string): { type: string; data: Buffer } | null {
    return this.imageByPath?.get(path) ?? null;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
