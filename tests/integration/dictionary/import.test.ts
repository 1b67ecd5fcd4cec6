import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DictionaryService } from '../../../electron/core/dictionary';
import { makeTempDir } from '../../support/tempDir';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const jmdict = () => fs.readFileSync(path.join(FIXTURES, 'JMdict_sample.xml'));
const kanjidic2 = () => fs.readFileSync(path.join(FIXTURES, 'kanjidic2_sample.xml'));

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

describe('JMdict and KANJIDIC2 XML', () => {
  it('imports JMdict (gzipped) with its DOCTYPE entities as readable names, keeping the codes', async () => {
    expect(await dict.importBuffer('JMdict_e.gz', zlib.gzipSync(jmdict()))).toEqual({ entries: 15, kanji: 0 });
    const [eat] = dict.lookup('食べる');
    expect(eat).toMatchObject({ id: 1358280, kanji: ['食べる', '喰べる'], readings: ['たべる'], common: true });
    // Senses in JMdict's order; a sense without <pos> has the previous sense's; only English glosses by default.
    expect(eat?.senses.map((s) => s.glosses)).toEqual([['to eat'], ['to live on (e.g. a salary)', 'to live off', 'to subsist on']]);
    expect(eat?.senses[1]).toMatchObject({ pos: ['Ichidan verb', 'transitive verb'], posCodes: ['v1', 'vt'] });
    expect(dict.lookup('くれる')[0]?.senses[0]).toMatchObject({ misc: ['word usually written using kana alone'], miscCodes: ['uk'] });
    expect(dict.lookup('コーヒー')[0]?.senses[0]).toMatchObject({ field: ['food, cooking'], dialect: ['Kansai-ben'], info: ['example note'], misc: ['colloquial'] });
    // An entry with no English gloss is left out.
    expect(dict.lookup('独語')).toEqual([]);
    expect(dict.status()).toMatchObject({ entries: 15, kanji: 0, edition: '2024-05-01', sources: ['JMdict_e.gz'] });
    expect(Date.parse(dict.status().importedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps other gloss languages when asked (full JMdict)', async () => {
    const de = new DictionaryService({ dir: path.join(tmp.dir, 'de'), downloadBase: 'x', xml: { langs: ['ger'] } });
    await de.importBuffer('JMdict', jmdict());
    expect(de.lookup('独語')[0]?.senses[0]).toMatchObject({ glosses: ['Deutsch'], lang: 'ger' });
    expect(de.lookup('食べる')[0]?.senses).toEqual([expect.objectContaining({ glosses: ['essen'], lang: 'ger' })]);
    de.close();
  });

  it('finds inflected verbs, compounds whole, and kana homonyms by commonness', async () => {
    await dict.importBuffer('JMdict_e', jmdict());
    expect(dict.lookup('食べた')[0]).toMatchObject({ id: 1358280, matched: '食べた' });
    expect(dict.lookup('食べられなかった')[0]).toMatchObject({ id: 1358280, term: '食べる' });
    expect(dict.lookup('見せてくれる')[0]).toMatchObject({ id: 1259290, matched: '見せてくれる' });
    expect(dict.lookup('来なかった')[0]).toMatchObject({ id: 1547720 });
    expect(dict.lookup('高くない')[0]).toMatchObject({ id: 1280640 });
    expect(dict.lookup('東京大学に')[0]).toMatchObject({ id: 2137970 });
    expect(dict.lookup('はし').map((e) => e.kanji[0])).toEqual(['橋', '箸', '端']);
  });

  it('imports KANJIDIC2, and each import replaces only its own part', async () => {
    await dict.importBuffer('JMdict_e', jmdict());
    expect(await dict.importBuffer('kanjidic2.xml.gz', zlib.gzipSync(kanjidic2()))).toEqual({ entries: 15, kanji: 2 });
    expect(dict.kanji('食べる橋')).toEqual([
      { literal: '食', on: ['ショク', 'ジキ'], kun: ['く.う', 'た.べる'], nanori: ['け'], meanings: ['eat', 'food'], strokes: 9, grade: 2, freq: 328, jlpt: 4 },
      expect.objectContaining({ literal: '橋', strokes: 16, jlpt: 2 }),
    ]);
    expect(dict.status()).toMatchObject({ edition: '2024-05-01', kanjiEdition: '2024-05-01', sources: ['JMdict_e', 'kanjidic2.xml.gz'] });
    // A new word list keeps the kanji.
    await dict.importBuffer('JMdict_e', jmdict());
    expect(dict.status()).toMatchObject({ entries: 15, kanji: 2 });
    expect(dict.lookup('食べる')).toHaveLength(1);
  });
});

describe("Debian's EDICT and KANJIDIC (EUC-JP)", () => {
  const EDICT = '/usr/share/edict/edict';
  const KANJIDIC = '/usr/share/edict/kanjidic';

  it('imports the real files and looks words and kanji up', { timeout: 120_000 }, async () => {
    for (const f of [EDICT, KANJIDIC]) {
      expect(fs.existsSync(f), `${f} is missing: install Debian's packages (apt-get install edict kanjidic; .ci/run does)`).toBe(true);
    }
    const words = await dict.importBuffer('edict', fs.readFileSync(EDICT));
    expect(words.entries).toBeGreaterThan(150_000);
    const kanji = await dict.importBuffer('kanjidic', fs.readFileSync(KANJIDIC));
    expect(kanji).toEqual({ entries: words.entries, kanji: expect.any(Number) });
    expect(kanji.kanji).toBeGreaterThan(6_000);

    for (const [text, verb] of [['食べた', '食べる'], ['食べなかった', '食べる'], ['見せてくれる', '見せる']]) {
      const [first] = dict.lookup(text as string);
      expect(first?.kanji, text).toContain(verb);
      expect(first?.senses[0]?.posCodes, text).toContain('v1');
    }
    // EDICT has 食べられる as a word of its own: it comes first, 食べる is offered too.
    expect(dict.lookup('食べられなかった').slice(0, 2).map((e) => e.kanji[0])).toEqual(['食べられる', '食べる']);
    const today = dict.lookup('今日');
    expect(today[0]).toMatchObject({ readings: ['きょう'], common: true });
    expect(today[0]?.senses[0]?.pos).toContain('noun (temporal) (jisoumeishi)');
    // EDICT marks "usually kana" in the sense.
    expect(dict.lookup('くれる').some((e) => e.senses.some((s) => s.miscCodes.includes('uk')))).toBe(true);

    const [shoku] = dict.kanji('食');
    expect(shoku).toMatchObject({ literal: '食', strokes: 9, grade: 2 });
    expect(shoku?.on).toContain('ショク');
    expect(shoku?.kun).toContain('た.べる');
    expect(shoku?.meanings).toContain('eat');
    expect(dict.status()).toMatchObject({ edition: '2021-02-03', kanjiEdition: '2022-08-23' });
  });
});

describe('bad input leaves the previous dictionary working', () => {
  const bomb = `<?xml version="1.0"?>
<!DOCTYPE JMdict [
<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
<!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
]>
<JMdict><entry><ent_seq>1</ent_seq><r_ele><reb>ばくだん</reb></r_ele><sense><gloss>&e;</gloss></sense></entry></JMdict>`;
  const external = `<?xml version="1.0"?>
<!DOCTYPE JMdict [
<!ENTITY n "noun">
<!ENTITY xxe SYSTEM "file:///etc/passwd">
]>
<JMdict><entry><ent_seq>1</ent_seq><r_ele><reb>ひみつ</reb></r_ele><sense><gloss>&xxe;</gloss></sense></entry></JMdict>`;

  const cases: [string, () => Buffer, RegExp][] = [
    ['a file that is not a dictionary', () => Buffer.from('\x89PNG\r\n\x1a\n not a dictionary at all'), /not a JMdict, KANJIDIC2, EDICT or KANJIDIC file/],
    ['XML of another kind', () => Buffer.from('<?xml version="1.0"?><html><body>hi</body></html>'), /not a JMdict or KANJIDIC2 file/],
    ['a truncated gzip', () => zlib.gzipSync(jmdict()).subarray(0, 900), /gzip file is truncated or damaged/],
    ['a truncated XML file', () => jmdict().subarray(0, 3000), /truncated/],
    ['an XML bomb', () => Buffer.from(bomb), /expand beyond the limit/],
    ['an external entity', () => Buffer.from(external), /external entit/],
    ['an entity no DOCTYPE declares', () => Buffer.from('<JMdict><entry><ent_seq>1</ent_seq><r_ele><reb>あ</reb></r_ele><sense><pos>&zz;</pos><gloss>x</gloss></sense></entry></JMdict>'), /does not declare/],
    ['an empty file', () => Buffer.alloc(0), /empty/],
  ];

  it.each(cases)('%s: a clear error, the old dictionary stays', async (_name, data, message) => {
    await dict.importBuffer('JMdict_e', jmdict());
    const before = dict.status();
    await expect(dict.importBuffer('bad', data())).rejects.toThrow(message);
    expect(dict.status()).toEqual(before);
    expect(dict.lookup('食べた')[0]?.id).toBe(1358280);
    // No temp file is left behind.
    expect(fs.readdirSync(tmp.dir).filter((f) => f.startsWith('dictionary.db'))).toEqual(['dictionary.db']);
  });
});
