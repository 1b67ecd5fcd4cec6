import { mkdtempSync, readdirSync, rmSync, truncateSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import kuromoji, { type IpadicFeatures, type Tokenizer } from 'kuromoji';
import { beforeAll, expect, test } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../../electron/core/analyzer/analyzer';
import { prepareDictionary } from '../../../electron/core/analyzer/prepareDictionary';
import { tokenizeWith } from '../../../electron/core/analyzer/tokenize';

/**
 * The worker loads kuromoji's dictionary with its own, faster loader (and a decompressed
 * cache). Its tokens must be exactly what kuromoji's own builder gives.
 */

const dicPath = path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');
let stock: Tokenizer<IpadicFeatures>;
beforeAll(async () => {
  stock = await new Promise<Tokenizer<IpadicFeatures>>((resolve, reject) =>
    kuromoji.builder({ dicPath }).build((e, t) => (e ? reject(e) : resolve(t))),
  );
}, 120_000);

const CORPUS = [
  '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。',
  '今日は東京タワーに行きました。ラーメンを食べたい！「こんにちは」と言った？',
  '私はこの静かな部屋でゆっくり本を読み、そしてああと言った。',
  'iPhoneを買った。Hello, world! １２３円と456円、3.14と1,000人。',
  'ｶﾀｶﾅとﾗｰﾒﾝ、ＡＢＣのＴシャツ、えーと、その…※注意〜まで',
  '𠮷野家の葛\u{E0100}城、か\u3099、猫😀が👨‍👩‍👧と🇯🇵へ👍🏽1️⃣番',
  '昨日の会議では、新しいプロジェクトの予算について長い議論が行われたが、結論は出なかった。',
  '彼女は毎朝六時に起きて、公園を散歩してから朝ご飯を作ります。\n\n雨の日は家でヨガをします。',
  'ご説明いただいた内容を確認のうえ、改めてご連絡差し上げます。お手数ですがよろしくお願いいたします。',
  '日本語の助詞「は」と「が」の違いは、学習者にとって難しい問題の一つだと言われている。',
];

async function expectSameAsStock(a: Analyzer): Promise<void> {
  for (const text of CORPUS) {
    expect(await a.tokenize(text)).toEqual(tokenizeWith(text, (s) => stock.tokenize(s)));
  }
}

test('fast loader, from gzip and from the decompressed cache, gives kuromoji’s own tokens', async () => {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'yomimono-loader-'));

  const cold = createAnalyzer({ cacheDir });
  expect((await cold.ready()).fromCache).toBe(false);
  await expectSameAsStock(cold);
  await cold.close();

  const folders = readdirSync(cacheDir);
  expect(folders).toEqual([expect.stringMatching(/^kuromoji-0\.1\.2-dict-v\d+$/u)]);

  const warm = createAnalyzer({ cacheDir });
  expect((await warm.ready()).fromCache).toBe(true);
  await expectSameAsStock(warm);
  await warm.close();

  // A damaged cache is not used: the dictionary is read from gzip again and the cache rewritten.
  truncateSync(path.join(cacheDir, folders[0] ?? '', 'tid_pos.dat'), 1_000);
  const repaired = createAnalyzer({ cacheDir });
  expect((await repaired.ready()).fromCache).toBe(false);
  await expectSameAsStock(repaired);
  await repaired.close();
  expect(readdirSync(cacheDir)).toEqual(folders);
  rmSync(cacheDir, { recursive: true, force: true });
}, 180_000);

test('the build’s prebuilt dictionary is read first, gives the same tokens, and writes no cache; a damaged one is passed over', async () => {
  const prebuiltDir = mkdtempSync(path.join(os.tmpdir(), 'yomimono-prebuilt-'));
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'yomimono-usercache-'));
  try {
    const made = await prepareDictionary(prebuiltDir);
    expect(made.prebuilt).toBe(false);
    const [folder] = readdirSync(prebuiltDir);
    // Installers do not keep file times: a prebuilt copy is checked by version, format and size only.
    const later = new Date(Date.now() + 86_400_000);
    for (const f of readdirSync(path.join(prebuiltDir, folder ?? ''))) utimesSync(path.join(prebuiltDir, folder ?? '', f), later, later);

    const first = createAnalyzer({ prebuiltDir, cacheDir });
    expect(await first.ready()).toMatchObject({ prebuilt: true, fromCache: true });
    await expectSameAsStock(first);
    await first.close();
    expect(readdirSync(cacheDir)).toEqual([]);

    truncateSync(path.join(prebuiltDir, folder ?? '', 'tid.dat'), 10);
    const fallback = createAnalyzer({ prebuiltDir, cacheDir });
    expect(await fallback.ready()).toMatchObject({ prebuilt: false, fromCache: false });
    expect((await fallback.tokenize('猫が好き')).map((t) => t.word)).toEqual(['猫', 'が', '好き']);
    await fallback.close();
  } finally {
    rmSync(prebuiltDir, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  }
}, 180_000);
