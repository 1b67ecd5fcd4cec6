/**
 * Yomitan dictionaries through the real service and real SQLite files: a fixture with every
 * glossary type and meta kind, the JLPT zip shipped in ../shared/data, several dictionaries
 * merged with JMdict (order, switches, removal), refusals that leave everything as it was,
 * and the shipped Kanjium/JLPT data answering wordFacts with no setup.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DictionaryService } from '../../../electron/core/dictionary';
import { DictionaryInputError } from '../../../electron/core/dictionary/errors';
import { fullFixture, yomitanZip } from '../../support/dictionary/yomitanFixture';
import { databaseOrder } from '../../../electron/core/dictionary/dictionaryOrder';
import { memoryDb } from '../../support/memoryDb';
import { makeTempDir } from '../../support/tempDir';
import { solidPng } from '../../support/dictionary/pngImage';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const jmdict = () => fs.readFileSync(path.join(FIXTURES, 'JMdict_sample.xml'));
const SHIPPED = path.resolve(import.meta.dirname, '../../../resources/data');

let tmp: ReturnType<typeof makeTempDir>;
let dict: DictionaryService;
beforeEach(() => {
  tmp = makeTempDir();
  dict = new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' });
});
afterEach(() => {
  dict.close();
  tmp.cleanup();
});

const zipOf = (f = fullFixture()) => Buffer.from(yomitanZip(f));

async function refusal(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DictionaryInputError) return e.problem;
    throw e;
  }
  return undefined;
}

describe('a Yomitan dictionary (format 3)', () => {
  it('imports every bank: terms with each glossary type, tags, meta kinds, kanji', async () => {
    expect(await dict.importBuffer('test.zip', zipOf())).toEqual({ entries: 4, kanji: 1, title: 'Test Dict' });
    const [info] = dict.list();
    expect(info).toMatchObject({ title: 'Test Dict', revision: 'r1', kind: 'yomitan', terms: 4, meta: 9, kanji: 1, enabled: true, priority: 0, attribution: 'CC BY-SA 4.0 Test Authors', author: 'Tester' });

    const [eat] = dict.lookup('食べる');
    expect(eat).toMatchObject({ kanji: ['食べる'], readings: ['たべる'], common: true, dictionary: 'Test Dict' });
    const sense = eat!.senses[0]!;
    // Parts of speech named from the tag bank; other definition tags as notes.
    expect(sense).toMatchObject({ pos: ['Ichidan verb'], posCodes: ['v1'], misc: ['popular term'], miscCodes: ['P'] });
    // Structured content: its plain text one line per block or list item, ruby readings left out.
    expect(sense.glosses).toEqual(['noun', 'to eat', 'to live on 給料', 'cell', 'sourcebad link', 'old sense']);
    const rich = JSON.stringify(sense.rich);
    expect(rich).not.toMatch(/"style"|class|evil|onclick|javascript|script|hidden|color/);
    expect(rich).toContain('"href":"https://example.org/eat"');
    expect(rich).toContain('"styles":["emphasis"]');
    expect(rich).toContain('"styles":["strike"]');
    expect(rich).toContain('"tag":"rt"');

    // Plain strings and `text` items; an image keeps its path, size and title, never shown as a gloss.
    expect(dict.lookup('猫')[0]?.senses[0]).toMatchObject({ glosses: ['cat', 'feline'], pos: ['noun'] });
    expect(dict.lookup('猫')[0]?.senses[0]?.rich).toBeUndefined();
    const dog = dict.lookup('犬')[0]!;
    expect(dog.senses[0]?.glosses).toEqual(['dog']);
    expect(dog.senses[0]?.rich?.[0]).toEqual({ kind: 'rich', content: { tag: 'img', path: 'img/dog.png', width: 10, height: 10, title: 'a dog' } });
    // A deinflection item points at its word.
    expect(dict.lookup('食べた').find((e) => e.kanji[0] === '食べた')?.senses[0]?.glosses).toEqual(['→ 食べる']);
    // Looked up inflected, the deinflection rules use the term's `rules` as its word class.
    expect(dict.lookup('食べなかった')[0]).toMatchObject({ term: '食べる', reasons: ['negative', 'past'] });
  });

  it('reads freq (number, string, displayValue, per reading), pitch (nasal, devoiced) and kanji meta', async () => {
    await dict.importBuffer('test.zip', zipOf());
    expect(dict.lookup('食べる')[0]).toMatchObject({
      frequencies: [{ dictionary: 'Test Dict', value: 120 }],
      pitches: [{ reading: 'たべる', downsteps: [2], devoiced: [1], dictionary: 'Test Dict' }],
      jlpt: null,
    });
    expect(dict.lookup('猫')[0]?.frequencies).toEqual([{ dictionary: 'Test Dict', value: 3500, display: '3500㋕' }]);
    // IPA rides on the entry beside the pitch; an entry without any carries none.
    expect(dict.lookup('猫')[0]?.ipa).toEqual([{ reading: 'ねこ', transcriptions: ['ne̞ko̞'], dictionary: 'Test Dict' }]);
    expect(dict.lookup('食べる')[0]?.ipa).toBeUndefined();
    expect(dict.lookup('犬')[0]?.frequencies).toEqual([{ dictionary: 'Test Dict', value: 800, display: '800 (news)' }]);
    expect(dict.wordFacts({ term: '日', reading: 'にち' }).frequency).toEqual({ dictionary: 'Test Dict', value: 90, display: '90' });
    expect(dict.wordFacts({ term: '日', reading: 'ひ' }).frequency).toEqual({ dictionary: 'Test Dict', value: 40 });
    expect(dict.wordFacts({ term: '鏡', reading: 'かがみ' }).pitches).toEqual([{ reading: 'かがみ', downsteps: [3, 0], nasal: [2], dictionary: 'Test Dict' }]);
    expect(dict.wordFacts({ term: '鏡', reading: 'きょう' }).pitches).toEqual([]);
    expect(dict.kanji('猫')).toEqual([{ literal: '猫', on: ['ビョウ'], kun: ['ねこ'], nanori: [], meanings: ['cat'], strokes: 11, grade: 8, freq: 1702, jlpt: null }]);
  });

  it('reads format 1 (glossary spread over the row, tags in index.json)', async () => {
    const zip = yomitanZip({
      index: { title: 'Old', revision: '1', version: 1, tagMeta: { n: { category: 'partOfSpeech', notes: 'noun' } } },
      terms: [['山', 'やま', 'n', '', 5, 'mountain', 'hill']],
      kanji: [['山', 'サン', 'やま', '', 'mountain']],
    });
    expect(await dict.importBuffer('old.zip', Buffer.from(zip))).toEqual({ entries: 1, kanji: 1, title: 'Old' });
    expect(dict.lookup('山')[0]?.senses[0]).toMatchObject({ glosses: ['mountain', 'hill'], pos: ['noun'] });
    expect(dict.kanji('山')[0]).toMatchObject({ on: ['サン'], meanings: ['mountain'] });
  });

  it('adds a dictionary per title and revision; the same title and revision is replaced', async () => {
    await dict.importBuffer('a.zip', zipOf());
    const again = fullFixture();
    again.terms = [['猫', 'ねこ', 'n', '', 50, ['kitty'], 2, '']];
    await dict.importBuffer('a.zip', zipOf(again));
    expect(dict.list()).toHaveLength(1);
    expect(dict.lookup('猫').map((e) => e.senses[0]?.glosses)).toEqual([['kitty']]);
    expect(dict.lookup('食べる').filter((e) => e.dictionary === 'Test Dict')).toEqual([]);

    const other = fullFixture();
    other.index = { title: 'Test Dict', revision: 'r2', format: 3 };
    await dict.importBuffer('b.zip', zipOf(other));
    expect(dict.list().map((d) => `${d.title} ${d.revision}`)).toEqual(['Test Dict r1', 'Test Dict r2']);
    expect(fs.readdirSync(path.join(tmp.dir, 'dictionaries')).filter((f) => !f.endsWith('.db'))).toEqual([]);
  });
});

describe('images', () => {
  it('imports the images the terms refer to, sniffed by their bytes, and serves them by dictionary and path', async () => {
    const png = solidPng(12, 8, [240, 120, 0]);
    const f = fullFixture();
    f.terms!.push(['狐', 'きつね', 'n', '', 10, [{ type: 'structured-content', content: [{ tag: 'img', path: 'img/fox.png', width: 2, height: 1.5, sizeUnits: 'em', title: 'a fox' }, ' fox'] }], 5, '']);
    f.terms!.push(['偽', 'にせ', 'n', '', 10, [{ type: 'structured-content', content: [{ tag: 'img', path: 'img/fake.png' }, { tag: 'img', path: 'img/big.png' }, { tag: 'img', path: 'img/missing.png' }] }], 6, '']);
    const big = Buffer.concat([png, crypto.randomBytes(2 * 1024 * 1024)]);
    f.extra = {
      'img/dog.png': png,
      'img/fox.png': png,
      // Named .png, but markup: never imported as an image.
      'img/fake.png': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      'img/big.png': big,
      'img/unreferenced.png': png,
    };
    await dict.importBuffer('test.zip', zipOf(f));
    const fox = dict.lookup('狐')[0]!;
    const id = fox.dictionaryId!;
    expect(id).toMatch(/^y-[0-9a-f]{16}$/);
    expect(dict.list().find((d) => d.title === 'Test Dict')?.id).toBe(id);
    expect(fox.senses[0]?.rich?.[0]).toEqual({ kind: 'rich', content: [{ tag: 'img', path: 'img/fox.png', width: 2, height: 1.5, sizeUnits: 'em', title: 'a fox' }, ' fox'] });
    const served = dict.image(id, 'img/fox.png');
    expect(served?.type).toBe('image/png');
    expect(Buffer.from(served!.dataBase64, 'base64').equals(png)).toBe(true);
    // An `image` glossary item's picture too (犬).
    expect(dict.image(id, 'img/dog.png')?.type).toBe('image/png');
    // Not an image by its bytes, over the size limit, missing, or referred to by no term: none.
    for (const p of ['img/fake.png', 'img/big.png', 'img/missing.png', 'img/unreferenced.png', '../index.json']) expect(dict.image(id, p), p).toBeNull();
    expect(dict.image('y-0000000000000000', 'img/fox.png')).toBeNull();
    // Removing the dictionary removes its images with it.
    await dict.remove(id);
    expect(dict.image(id, 'img/fox.png')).toBeNull();
  });
});

describe('several dictionaries', () => {
  it('merges JMdict and Yomitan entries in lookup order; enable, reorder and remove', async () => {
    await dict.importBuffer('JMdict_e', jmdict());
    await dict.importBuffer('test.zip', zipOf());
    const list = dict.list();
    expect(list.map((d) => [d.kind, d.priority, d.enabled])).toEqual([['jmdict', 0, true], ['yomitan', 1, true]]);
    const yomitan = list[1]!.id;
    expect(dict.lookup('食べる').map((e) => e.dictionary)).toEqual(['JMdict', 'Test Dict']);
    // JMdict's own entries have their frequency band (the fixture dictionary has no freq for its words here).
    expect(dict.lookup('食べる')[0]).toMatchObject({ id: 1358280, frequencies: [{ dictionary: 'Test Dict', value: 120 }] });

    expect(dict.reorder([yomitan, 'jmdict']).map((d) => d.id)).toEqual([yomitan, 'jmdict']);
    expect(dict.lookup('食べる').map((e) => e.dictionary)).toEqual(['Test Dict', 'JMdict']);

    expect(dict.setEnabled(yomitan, false).find((d) => d.id === yomitan)?.enabled).toBe(false);
    expect(dict.lookup('食べる').map((e) => e.dictionary)).toEqual(['JMdict']);
    // Its frequencies and pitches are off with it.
    expect(dict.lookup('食べる')[0]?.frequencies.every((f) => f.dictionary !== 'Test Dict')).toBe(true);

    expect(() => dict.reorder(['jmdict'])).toThrow(/every dictionary/);
    expect(() => dict.setEnabled('y-0000000000000000', true)).toThrow(/no dictionary/);

    expect((await dict.remove(yomitan)).map((d) => d.id)).toEqual(['jmdict']);
    expect(fs.readdirSync(path.join(tmp.dir, 'dictionaries'))).toEqual([]);
    // A JMdict import replaces JMdict and keeps the Yomitan ones.
    await dict.importBuffer('test.zip', zipOf());
    await dict.importBuffer('JMdict_e', jmdict());
    expect(dict.list().map((d) => d.kind)).toEqual(['jmdict', 'yomitan']);
    expect((await dict.remove('jmdict')).map((d) => d.kind)).toEqual(['yomitan']);
    expect(dict.status().entries).toBe(0);
  });

  it("keeps the switches and the order in the app's database across restarts", async () => {
    const db = memoryDb();
    const first = new DictionaryService({ dir: path.join(tmp.dir, 'kept'), downloadBase: 'x', order: databaseOrder(db) });
    await first.importBuffer('JMdict_e', jmdict());
    await first.importBuffer('test.zip', zipOf());
    const id = first.list()[1]!.id;
    first.reorder([id, 'jmdict']);
    first.setEnabled('jmdict', false);
    first.close();
    const again = new DictionaryService({ dir: path.join(tmp.dir, 'kept'), downloadBase: 'x', order: databaseOrder(db) });
    expect(again.list().map((d) => [d.id, d.enabled])).toEqual([[id, true], ['jmdict', false]]);
    expect(again.lookup('食べる').map((e) => e.dictionary)).toEqual(['Test Dict']);
    again.close();
    db.close();
  });

  it('gives JMdict priority bands as the frequency when no frequency dictionary knows the word', async () => {
    await dict.importBuffer('JMdict_e', jmdict());
    expect(dict.wordFacts({ term: '食べる', reading: 'たべる' }).frequency).toEqual({ dictionary: 'JMdict', value: expect.any(Number) });
    expect(dict.lookup('食べる')[0]?.frequencies).toEqual([{ dictionary: 'JMdict', value: expect.any(Number) }]);
  });
});

describe('refusals leave every dictionary as it was', () => {
  async function withPrevious(): Promise<() => void> {
    await dict.importBuffer('JMdict_e', jmdict());
    await dict.importBuffer('test.zip', zipOf());
    const before = JSON.stringify(dict.list());
    const files = fs.readdirSync(path.join(tmp.dir, 'dictionaries')).sort();
    return () => {
      expect(JSON.stringify(dict.list())).toBe(before);
      expect(fs.readdirSync(path.join(tmp.dir, 'dictionaries')).sort()).toEqual(files);
      expect(dict.lookup('食べる').map((e) => e.dictionary)).toEqual(['JMdict', 'Test Dict']);
    };
  }

  it('a zip without index.json', async () => {
    const intact = await withPrevious();
    expect(await refusal(dict.importBuffer('x.zip', Buffer.from(yomitanZip({ index: null, terms: [['a', 'a', '', '', 0, ['x'], 1, '']] }))))).toBe('no_index');
    intact();
  });

  it('a newer format', async () => {
    const intact = await withPrevious();
    expect(await refusal(dict.importBuffer('x.zip', Buffer.from(yomitanZip({ index: { title: 'New', revision: '1', format: 4 }, terms: [] }))))).toBe('newer_format');
    intact();
  });

  it('a damaged bank (not JSON, or a row of the wrong shape)', async () => {
    const intact = await withPrevious();
    expect(await refusal(dict.importBuffer('x.zip', Buffer.from(yomitanZip({ index: { title: 'Bad', revision: '1', format: 3 }, extra: { 'term_bank_1.json': '[["a", "a", "", "", 0, ["x"], 1' } }))))).toBe('damaged_bank');
    expect(await refusal(dict.importBuffer('x.zip', Buffer.from(yomitanZip({ index: { title: 'Bad', revision: '1', format: 3 }, terms: [['ok', 'ok', '', '', 0, ['x'], 1, ''], [42]] }))))).toBe('damaged_bank');
    intact();
  });

  it('a truncated zip and a foreign zip (an EPUB)', async () => {
    const intact = await withPrevious();
    const whole = zipOf();
    expect(await refusal(dict.importBuffer('cut.zip', whole.subarray(0, Math.floor(whole.length * 0.7))))).toBe('truncated');
    expect(await refusal(dict.importBuffer('book.epub', Buffer.from(yomitanZip({ index: null, extra: { mimetype: 'application/epub+zip', 'OEBPS/a.xhtml': '<html/>' } }))))).toBe('no_index');
    intact();
  });

  it('a cancelled import', async () => {
    const intact = await withPrevious();
    const big = fullFixture();
    big.index = { title: 'Big', revision: '1', format: 3 };
    big.terms = Array.from({ length: 20_000 }, (_, i) => [`語${i}`, `ご${i}`, '', '', 0, [`word ${i}`], i, '']);
    const abort = new AbortController();
    const running = dict.importBuffer('big.zip', zipOf(big), abort.signal);
    setTimeout(() => abort.abort(), 5);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    intact();
  });
});

describe('shipped data', () => {
  it('imports the JLPT zip of ../shared/data as a Yomitan dictionary', async () => {
    const result = await dict.importBuffer('jlpt-yomitan.zip', fs.readFileSync(path.join(SHIPPED, 'jlpt-yomitan.zip')));
    expect(result).toMatchObject({ entries: 0, kanji: 0, title: 'JLPT' });
    expect(dict.list()[0]).toMatchObject({ title: 'JLPT', revision: '2024.11.20.0', meta: expect.any(Number) });
    expect(dict.list()[0]!.meta).toBeGreaterThan(7_000);
    expect(dict.list()[0]!.attribution).toContain('CC BY-SA 4.0');
  });

  it('answers pitch and JLPT out of the box from the shipped Kanjium and JLPT data', { timeout: 120_000 }, async () => {
    // A small Kanjium file of the real shape and the real JLPT zip.
    const data = path.join(tmp.dir, 'resources');
    fs.mkdirSync(data);
    fs.writeFileSync(path.join(data, 'kanjium-accents.txt'), ['学校\tがっこう\t0', '箸\tはし\t1', '橋\tはし\t2', '２つ\tふたつ\t(副)0,(名)3', 'かさかさ\t\t(副)1,(形動)0', ''].join('\n'));
    fs.copyFileSync(path.join(SHIPPED, 'jlpt-yomitan.zip'), path.join(data, 'jlpt-yomitan.zip'));
    const shipped = new DictionaryService({ dir: path.join(tmp.dir, 'app'), downloadBase: 'x', builtinDataDir: data });
    await shipped.prepareBuiltins();
    expect(shipped.wordFacts({ term: '学校', reading: 'がっこう' })).toEqual({ pitches: [{ reading: 'がっこう', downsteps: [0], dictionary: 'Kanjium' }], jlpt: 'N5', frequency: null });
    expect(shipped.wordFacts({ term: '橋', reading: 'はし' }).pitches.map((p) => p.downsteps)).toEqual([[2]]);
    expect(shipped.wordFacts({ term: '２つ' }).pitches[0]?.downsteps).toEqual([0, 3]);
    expect(shipped.wordFacts({ term: 'かさかさ', reading: 'かさかさ' }).pitches[0]?.downsteps).toEqual([1, 0]);
    expect(shipped.wordFacts({ term: '鬱', reading: 'うつ' })).toEqual({ pitches: [], jlpt: null, frequency: null });
    // Not listed as an imported dictionary.
    expect(shipped.list()).toEqual([]);
    shipped.close();
    // A second start opens the built files without building them again.
    const again = new DictionaryService({ dir: path.join(tmp.dir, 'app'), downloadBase: 'x', builtinDataDir: data });
    const stamp = fs.statSync(path.join(tmp.dir, 'app', 'dictionaries', 'builtin-kanjium.db')).mtimeMs;
    await again.prepareBuiltins();
    expect(fs.statSync(path.join(tmp.dir, 'app', 'dictionaries', 'builtin-kanjium.db')).mtimeMs).toBe(stamp);
    expect(again.wordFacts({ term: '学校', reading: 'がっこう' }).jlpt).toBe('N5');
    again.close();
  });
});
