/**
 * The covering indexes a lookup's hits are read from (hitIndexes.ts), on real SQLite files: a new
 * file has them; a file built before them (JMdict's or a Yomitan dictionary's) gets them the first
 * time it is opened and answers exactly as before; a file they cannot be added to is still read.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DictionarySense } from '../../../shared/contract/dictionary';
import { DictionaryService } from '../../../electron/core/dictionary';
import { DictionaryReader, DictionaryWriter } from '../../../electron/core/dictionary/dictionaryStore';
import { hasIndex, withHitIndexes } from '../../../electron/core/dictionary/hitIndexes';
import { YomitanReader, YomitanWriter } from '../../../electron/core/dictionary/yomitan/yomitanStore';
import type { TermRow } from '../../../electron/core/dictionary/yomitan/yomitanFormat';
import { makeTempDir } from '../../support/tempDir';

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  tmp = makeTempDir();
});
afterEach(() => tmp.cleanup());

const sense = (gloss: string): DictionarySense => ({ pos: ['v5k'], posCodes: ['v5k'], glosses: [gloss], misc: [], miscCodes: [], field: [], dialect: [], info: [], lang: 'eng' });

function writeJmdict(file: string): void {
  const w = new DictionaryWriter(file);
  w.word({ id: 1, kanji: [{ text: '行く', score: 20 }], readings: [{ text: 'いく', score: 20 }, { text: 'ゆく', score: 0 }], common: true, senses: [sense('to go')] });
  w.word({ id: 2, kanji: [{ text: '逝く', score: 0 }], readings: [{ text: 'いく', score: 0 }], common: false, senses: [sense('to die')] });
  w.word({ id: 3, kanji: [{ text: '書く', score: 10 }], readings: [{ text: 'かく', score: 10 }], common: true, senses: [sense('to write')] });
  w.finish({ importedAt: '2026-01-01T00:00:00Z' });
}

function writeYomitan(file: string): void {
  const w = new YomitanWriter(file);
  const term = (expression: string, reading: string, score: number): TermRow => ({ expression, reading, definitionTags: [], rules: ['v5'], score, glossary: [{ kind: 'text', text: expression }], sequence: null, termTags: [] });
  w.term(term('行く', 'いく', 3));
  w.term(term('逝く', 'いく', 1));
  w.term(term('書く', 'かく', 2));
  w.finish({ title: 'T', revision: '1', format: '3' });
}

/** The file as an earlier version built it: without these indexes. */
function dropIndexes(file: string, names: readonly string[]): void {
  const db = new Database(file);
  for (const n of names) db.exec(`DROP INDEX ${n}`);
  db.close();
}

function indexesOf(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%_hits' ORDER BY name").pluck().all() as string[]);
  } finally {
    db.close();
  }
}

const FORMS = ['行く', 'いく', 'ゆく', '書く', 'かく', 'ない'];

describe('hit indexes', () => {
  it('a new JMdict file has them, an older one gets them when opened and answers as before', () => {
    const file = path.join(tmp.dir, 'dictionary.db');
    writeJmdict(file);
    expect(indexesOf(file)).toEqual(['entries_hits']);
    const fresh = new DictionaryReader(file);
    const expected = FORMS.map((f) => fresh.hits(f));
    fresh.close();
    expect(expected[1]!.map((h) => h.entryId)).toEqual([1, 2]);

    dropIndexes(file, ['entries_hits']);
    expect(indexesOf(file)).toEqual([]);
    const old = new DictionaryReader(file);
    try {
      expect(indexesOf(file)).toEqual(['entries_hits']);
      expect(FORMS.map((f) => old.hits(f))).toEqual(expected);
      expect(old.entry(1)).toMatchObject({ kanji: ['行く'], readings: ['いく', 'ゆく'] });
    } finally {
      old.close();
    }
  });

  it('a new Yomitan file has them, an older one gets them when opened and answers as before', () => {
    const file = path.join(tmp.dir, 'y.db');
    writeYomitan(file);
    expect(indexesOf(file)).toEqual(['forms_hits', 'terms_hits']);
    const fresh = new YomitanReader(file);
    const expected = FORMS.map((f) => fresh.hits(f));
    fresh.close();
    expect(expected[1]!).toHaveLength(2);

    dropIndexes(file, ['forms_hits', 'terms_hits']);
    const old = new YomitanReader(file);
    try {
      expect(indexesOf(file)).toEqual(['forms_hits', 'terms_hits']);
      expect(FORMS.map((f) => old.hits(f))).toEqual(expected);
    } finally {
      old.close();
    }
  });

  it('the service looks up in older files as in new ones', async () => {
    writeJmdict(path.join(tmp.dir, 'dictionary.db'));
    const fresh = new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' });
    const expected = fresh.lookup('いかなかった');
    fresh.close();
    expect(expected.map((e) => e.kanji[0])).toEqual(['行く', '逝く']);
    dropIndexes(path.join(tmp.dir, 'dictionary.db'), ['entries_hits']);
    const old = new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' });
    try {
      expect(old.lookup('いかなかった')).toEqual(expected);
    } finally {
      old.close();
    }
  });

  it('an index build cut short (a hot journal left behind) is rolled back and the file read', () => {
    const built = path.join(tmp.dir, 'built.db');
    writeJmdict(built);
    dropIndexes(built, ['entries_hits']);
    // The app stopping during the build: the file and its journal copied while the build's transaction is open.
    const rw = new Database(built);
    rw.pragma('cache_size = 1');
    rw.exec('BEGIN; CREATE INDEX entries_hits ON entries(id, common, score, classes, readings); CREATE TABLE filler AS SELECT randomblob(8000) FROM entries');
    const file = path.join(tmp.dir, 'dictionary.db');
    fs.copyFileSync(built, file);
    fs.copyFileSync(`${built}-journal`, `${file}-journal`);
    rw.exec('ROLLBACK');
    rw.close();
    const plain = new Database(file, { readonly: true });
    try {
      expect(() => plain.pragma('user_version')).toThrow(/readonly/);
    } finally {
      plain.close();
    }

    const reader = new DictionaryReader(file);
    try {
      expect(fs.existsSync(`${file}-journal`)).toBe(false);
      expect(reader.hits('いく').map((h) => h.entryId)).toEqual([1, 2]);
      expect(indexesOf(file)).toEqual(['entries_hits']);
    } finally {
      reader.close();
    }
  });

  it('a file the indexes cannot be added to is read without them', () => {
    const file = path.join(tmp.dir, 'dictionary.db');
    writeJmdict(file);
    const options = { readonly: true, fileMustExist: true };
    // An index SQLite refuses stands for a file that cannot be written.
    const db = withHitIndexes(new Database(file, options), file, [{ name: 'broken_hits', sql: 'CREATE INDEX IF NOT EXISTS broken_hits ON entries(no_such_column)' }], options);
    try {
      expect(db.readonly).toBe(true);
      expect(hasIndex(db, 'broken_hits')).toBe(false);
      expect(db.prepare('SELECT count(*) FROM entries').pluck().get()).toBe(3);
    } finally {
      db.close();
    }
    dropIndexes(file, ['entries_hits']);
    // The reader's statements then read the entries' rows, as before the indexes.
    const reader = new DictionaryReader(file);
    try {
      expect(reader.hits('いく').map((h) => h.entryId)).toEqual([1, 2]);
    } finally {
      reader.close();
    }
  });
});
