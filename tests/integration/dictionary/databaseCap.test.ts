/**
 * The database an import builds is capped against the bytes received: a small gzip of
 * many plain entries (nothing the text caps object to) cannot fill the disk. The caps'
 * floor is lowered here so a small file shows it; the ratio is the real one.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DictionaryService } from '../../../electron/core/dictionary';
import { DICTIONARY_CAPS, databaseByteCap } from '../../../electron/core/dictionary/textCaps';
import { jmdictXml } from '../../support/dictionary/jmdictXml';
import { makeTempDir } from '../../support/tempDir';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const caps = { ...DICTIONARY_CAPS, databaseFloorBytes: 1024 * 1024 };

let tmp: ReturnType<typeof makeTempDir>;
let dict: DictionaryService;
beforeEach(() => {
  tmp = makeTempDir();
  dict = new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9', caps });
});
afterEach(() => {
  dict.close();
  tmp.cleanup();
});

/** `n` entries alike but for their number and reading: gzip makes them almost nothing. */
const entries = (n: number) =>
  jmdictXml(Array.from({ length: n }, (_, i) => ({ id: 3_000_000 + i, readings: [`かな${i}`], pos: ['n'], glosses: ['a gloss long enough to weigh something in the database'.repeat(4)] })));
const repetitive = (n: number) => zlib.gzipSync(entries(n), { level: 9 });

describe('the database size cap', () => {
  it('refuses a small gzip that would build a database far beyond its size, keeping the dictionary there', async () => {
    await dict.importBuffer('JMdict_e', fs.readFileSync(path.join(FIXTURES, 'JMdict_sample.xml')));
    const before = dict.status();
    const gz = repetitive(40_000);
    expect(gz.length).toBeLessThan(300_000);
    const err = await dict.importBuffer('many.xml.gz', gz).catch((e: unknown) => e);
    expect(err).toMatchObject({ problem: 'database_limit', data: { code: 'bad_request', details: { problem: 'database_limit' } } });
    expect((err as Error).message).toMatch(/would take more than \d+ MB/);
    expect(dict.status()).toEqual(before);
    expect(dict.lookup('食べた')[0]?.id).toBe(1358280);
    expect(fs.readdirSync(tmp.dir).filter((f) => f.startsWith('dictionary.db'))).toEqual(['dictionary.db']);
  });

  it('a file within its cap imports, and what an import carries over from the other part does not count against it', async () => {
    // Not gzipped: its own cap is 32 times its size.
    const words = Buffer.from(entries(8_000));
    await expect(dict.importBuffer('some.xml', words)).resolves.toEqual({ entries: 8_000, kanji: 0 });
    const wordsSize = fs.statSync(dict.file).size;
    // The kanji file is tiny: its own cap is smaller than the words it carries over.
    const kanji = fs.readFileSync(path.join(FIXTURES, 'kanjidic2_sample.xml'));
    expect(databaseByteCap(kanji.length, caps)).toBeLessThan(wordsSize);
    await expect(dict.importBuffer('kanjidic2.xml', kanji)).resolves.toMatchObject({ entries: 8_000 });
  });
});
