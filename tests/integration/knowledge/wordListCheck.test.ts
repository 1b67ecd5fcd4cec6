/**
 * A word list opened from a real file, checked line by line against the dictionary and the
 * analyzer (real core, real SQLite, real analyzer): a line of random kanji, a run of words
 * joined, a made-up katakana word are reported and not stored; real words in every form are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListImportReport, WordListPage } from '../../../shared/contract/words';
import { callOk } from '../../support/dispatch';
import { jmdictXml } from '../../support/dictionary/jmdictXml';
import { makeTestCore } from '../../support/testCore';

const NONSENSE = ['鬱齉麤靐', '猫犬鳥魚山', '亜唖娃阿哀愛挨', '猫猫猫'];

/** The list as a file on disk, read back as the import reads what the learner opens. */
function listFile(dir: string, lines: readonly string[]): string {
  const file = path.join(dir, 'words.txt');
  fs.writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
  return fs.readFileSync(file, 'utf8');
}

const stored = async (core: ReturnType<typeof makeTestCore>) =>
  (await callOk<WordListPage>(core, 'words.list', { limit: 1000 })).words.map((w) => `${w.term}/${w.reading}`).sort();

describe('without a dictionary: the analyzer decides', () => {
  let core: ReturnType<typeof makeTestCore>;
  beforeAll(async () => {
    core = makeTestCore();
    await core.analyzer.ready();
  }, 90_000);
  afterAll(() => core.cleanupDir());

  it('keeps words the analyzer knows as one word, and reports runs of characters it only cut up', async () => {
    const text = listFile(core.config.appDataDir, ['食べた', '勉強しました', 'ねこ', '走っている', ...NONSENSE, 'ホゲラモゲ', '猫\tねこ']);
    const r = await callOk<ListImportReport>(core, 'words.importListDetailed', { text, status: 'known' });
    expect([...r.unrecognized].sort()).toEqual([...NONSENSE, 'ホゲラモゲ'].sort());
    expect(await stored(core)).toEqual(['勉強する/べんきょうする', '猫/ねこ', 'ねこ/ねこ', '走る/はしる', '食べる/たべる'].sort());
    expect(r.added).toBe(5);
  });
});

describe('with a dictionary: its headwords and deinflection decide', () => {
  let core: ReturnType<typeof makeTestCore>;
  beforeAll(async () => {
    core = makeTestCore();
    const xml = jmdictXml([
      { id: 1, kanji: ['猫'], readings: ['ねこ'], pos: ['n'], glosses: ['cat'] },
      { id: 2, kanji: ['猫舌'], readings: ['ねこじた'], pos: ['n'], glosses: ['aversion to hot food'] },
      { id: 3, kanji: ['食べる'], readings: ['たべる'], pos: ['v1'], glosses: ['to eat'] },
      { id: 4, kanji: ['勉強'], readings: ['べんきょう'], pos: ['n', 'vs'], glosses: ['study'] },
      { id: 5, readings: ['スマホ'], pos: ['n'], glosses: ['smartphone'] },
      { id: 6, kanji: ['犬'], readings: ['いぬ'], pos: ['n'], glosses: ['dog'] },
    ]);
    await callOk(core, 'dictionary.import', { name: 'JMdict_e', dataBase64: Buffer.from(xml).toString('base64') });
    await core.analyzer.ready();
  }, 120_000);
  afterAll(() => core.cleanupDir());

  it('keeps headwords, compounds and inflected forms; reports random kanji and joined words, and stores none of them', async () => {
    const text = listFile(core.config.appDataDir, ['猫舌', '食べられた', '勉強する', 'スマホ', '犬\tいぬ', ...NONSENSE, '猫犬\tねこいぬ']);
    const r = await callOk<ListImportReport>(core, 'words.importListDetailed', { text, status: 'learning' });
    expect([...r.unrecognized].sort()).toEqual([...NONSENSE, '猫犬\tねこいぬ'].sort());
    expect(await stored(core)).toEqual(['スマホ/すまほ', '勉強する/べんきょうする', '犬/いぬ', '猫舌/ねこじた', '食べる/たべる'].sort());
  });

  it('a list of nothing but nonsense changes nothing already stored', async () => {
    const before = await stored(core);
    const r = await callOk<ListImportReport>(core, 'words.importListDetailed', { text: listFile(core.config.appDataDir, NONSENSE), status: 'known' });
    expect(r).toMatchObject({ added: 0, unrecognized: NONSENSE });
    expect(await stored(core)).toEqual(before);
  });
});
