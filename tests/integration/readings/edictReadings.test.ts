/**
 * The analyzer's furigana checked against Debian's real EDICT, on the examples and on
 * everyday text whose readings must not change (counters, words with several common readings).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Token } from '../../../shared/domain';
import { createAnalyzer, type Analyzer } from '../../../electron/core/analyzer/analyzer';
import { DictionaryService } from '../../../electron/core/dictionary';
import { ReadingCorrections } from '../../../electron/core/readings/readingCorrections';
import { TokenReadings } from '../../../electron/core/readings/tokenReadings';
import { WordIdentity } from '../../../electron/core/words/wordIdentity';
import { memoryDb } from '../../support/memoryDb';
import { makeTempDir } from '../../support/tempDir';

const EDICT = '/usr/share/edict/edict';

let analyzer: Analyzer;
let tmp: ReturnType<typeof makeTempDir>;
let dictionary: DictionaryService;
let words: WordIdentity;
let plain: WordIdentity;
beforeAll(async () => {
  expect(fs.existsSync(EDICT), `${EDICT} is missing: apt-get install edict`).toBe(true);
  analyzer = createAnalyzer({ cacheDir: path.join(os.tmpdir(), 'yomimono-test-kuromoji') });
  tmp = makeTempDir();
  dictionary = new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' });
  await dictionary.importBuffer('edict', fs.readFileSync(EDICT));
  words = new WordIdentity({ analyzer, dictionary, readings: new TokenReadings({ dictionary, corrections: new ReadingCorrections(memoryDb()) }) });
  plain = new WordIdentity({ analyzer, dictionary });
}, 180_000);
afterAll(async () => {
  dictionary.close();
  await analyzer.close();
  tmp.cleanup();
});

const readings = (tokens: readonly Token[]) => tokens.filter((t) => t.furigana && t.furigana !== t.word).map((t) => `${t.word}:${t.furigana}`);

describe('furigana checked against EDICT', () => {
  it('第一毛をもって: 毛 is け, not the unit もう', async () => {
    expect(readings(await plain.tokens('第一毛をもって'))).toContain('毛:もう');
    expect(readings(await words.tokens('第一毛をもって'))).toEqual(['第:だい', '一:いち', '毛:け']);
  });

  it('恐しい is おそろしい, and counts as the word 恐ろしい', async () => {
    const tokens = await words.tokens('恐しい夜だった。');
    expect(readings(tokens)).toContain('恐し:おそろし');
    expect(tokens.find((t) => t.word === '恐し')?.key).toEqual({ term: '恐ろしい', reading: 'おそろしい' });
  });

  it('leaves correct readings alone: counters, words with several common readings, inflected verbs', async () => {
    const text = '三人で五分ほど歩いた。今日は明日の方が良い。三杯飲んで、二階へ行った。市場で本を三冊買った。';
    expect(readings(await words.tokens(text))).toEqual(readings(await plain.tokens(text)));
  });
});
