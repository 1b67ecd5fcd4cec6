/** A dictionary file this version cannot read says so in the status, and the next import replaces it. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DictionaryService } from '../../../electron/core/dictionary';
import { makeTempDir } from '../../support/tempDir';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const jmdict = () => fs.readFileSync(path.join(FIXTURES, 'JMdict_sample.xml'));
const kanjidic2 = () => fs.readFileSync(path.join(FIXTURES, 'kanjidic2_sample.xml'));

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  tmp = makeTempDir();
});
afterEach(() => tmp.cleanup());

const open = () => new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' });

/** Builds a dictionary, then stamps its file as made by another schema version. */
async function outdatedFile(): Promise<string> {
  const first = open();
  await first.importBuffer('JMdict_e', jmdict());
  expect(first.status().state).toBe('ready');
  first.close();
  const db = new Database(first.file);
  db.pragma('user_version = 99');
  db.close();
  return first.file;
}

describe('dictionary file of another schema version', () => {
  it('reads as outdated (not as no dictionary); lookups answer nothing', async () => {
    await outdatedFile();
    const dict = open();
    expect(dict.status()).toMatchObject({ state: 'outdated', entries: 0, kanji: 0, edition: null });
    expect(dict.lookup('食べる')).toEqual([]);
    dict.close();
  });

  it('the next import replaces it, without carrying its old tables over', async () => {
    await outdatedFile();
    const dict = open();
    expect(await dict.importBuffer('kanjidic2.xml.gz', zlib.gzipSync(kanjidic2()))).toEqual({ entries: 0, kanji: 2 });
    expect(dict.status()).toMatchObject({ state: 'ready', entries: 0, kanji: 2 });
    await dict.importBuffer('JMdict_e', jmdict());
    expect(dict.status()).toMatchObject({ state: 'ready', entries: 15, kanji: 2 });
    expect(dict.lookup('食べる')[0]).toMatchObject({ id: 1358280 });
    dict.close();
  });

  it('a damaged file reads as unreadable; no file at all as none', () => {
    const none = open();
    expect(none.status().state).toBe('none');
    none.close();
    fs.mkdirSync(tmp.dir, { recursive: true });
    fs.writeFileSync(none.file, 'not a database at all, just text '.repeat(200));
    const dict = open();
    expect(dict.status()).toMatchObject({ state: 'unreadable', entries: 0 });
    dict.close();
  });
});
