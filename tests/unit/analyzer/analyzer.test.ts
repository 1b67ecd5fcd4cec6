import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POS_GROUPS, type Token } from '../../../shared/domain';
import { createAnalyzer, type Analyzer } from '../../../electron/core/analyzer/analyzer';
import { offlineWordInfo } from '../../../electron/core/analyzer/wordInfo';

/** Real kuromoji output through the worker, mapped onto the app's Token shape. */

let analyzer: Analyzer;
beforeAll(async () => {
  // A shared decompressed cache keeps test files from each paying the cold load.
  analyzer = createAnalyzer({ cacheDir: path.join(os.tmpdir(), 'yomimono-test-kuromoji'), chunkChars: 2_000 });
  await analyzer.ready();
}, 60_000);
afterAll(() => analyzer.close());

const view = (tokens: readonly Token[]): string[] => tokens.map((t) => `${t.word}/${t.pos}/${t.furigana}`);
const find = (tokens: readonly Token[], word: string): Token => {
  const t = tokens.find((x) => x.word === word);
  if (t === undefined) throw new Error(`no token ${word} in ${view(tokens).join(' ')}`);
  return t;
};

async function roundTrip(text: string): Promise<Token[]> {
  const tokens = await analyzer.tokenize(text);
  expect(tokens.map((t) => t.word).join('')).toBe(text);
  // Checked in plain JS and asserted once: an expect per token is slow on 100k tokens.
  const groups: ReadonlySet<string> = new Set(POS_GROUPS);
  const bad = tokens.filter((t) => t.word === '' || !groups.has(t.pos) || /[\p{ASCII}]/u.test(t.furigana));
  expect(bad).toEqual([]);
  return tokens;
}

describe('readings', () => {
  test('kanji with okurigana, 今日は, 東京タワー', async () => {
    expect(view(await roundTrip('今日は東京タワーに行きました。'))).toEqual([
      '今日/noun/きょう', 'は/particle/は', '東京/noun/とうきょう', 'タワー/noun/たわー', 'に/particle/に',
      '行き/verb/いき', 'まし/auxiliary/まし', 'た/auxiliary/た', '。/punctuation/',
    ]);
    const t = await roundTrip('美しい花を食べ物と呼ぶ');
    expect(find(t, '美しい')).toMatchObject({ pos: 'adjective', furigana: 'うつくしい', lemma: '美しい' });
    expect(find(t, '呼ぶ')).toMatchObject({ pos: 'verb', furigana: 'よぶ', lemma: '呼ぶ' });
  });

  test('lemma is the dictionary form', async () => {
    const t = await roundTrip('言った');
    expect(find(t, '言っ')).toMatchObject({ lemma: '言う', furigana: 'いっ' });
  });

  test('long vowels keep ー', async () => {
    const t = await roundTrip('ラーメンとコーヒーとｽｰﾌﾟ');
    expect(find(t, 'ラーメン').furigana).toBe('らーめん');
    expect(find(t, 'コーヒー').furigana).toBe('こーひー');
    expect(t.map((x) => x.furigana).join('')).toContain('すーぷ');
  });
});

describe('punctuation and line breaks', () => {
  test('、。「」！？ are punctuation tokens without reading', async () => {
    const t = await roundTrip('「はい、そうです。」本当？すごい！');
    for (const p of ['「', '、', '。', '」', '？', '！']) expect(find(t, p)).toMatchObject({ pos: 'punctuation', furigana: '' });
  });

  test('\\n, \\r\\n and blank lines between paragraphs', async () => {
    const text = '一行目\n二行目\r\n\r\n三段落目\n\n\n四';
    const t = await roundTrip(text);
    expect(t.filter((x) => x.pos === 'linebreak').map((x) => x.word)).toEqual(['\n', '\r\n', '\r\n', '\n', '\n', '\n']);
    // Lines rebuilt from the tokens between breaks: blank lines are two breaks in a row.
    const lines: string[] = [''];
    for (const x of t) {
      if (x.pos === 'linebreak') lines.push('');
      else lines[lines.length - 1] += x.word;
    }
    expect(lines).toEqual(['一行目', '二行目', '', '三段落目', '', '', '四']);
    expect(t.some((x) => /[\r\n]/u.test(x.word) && x.pos !== 'linebreak')).toBe(false);
  });

  test('spaces (ASCII, tab, ideographic) are their own symbol tokens', async () => {
    const t = await roundTrip('猫 が\tいる　よ  ね');
    expect(t.filter((x) => x.pos === 'symbol').map((x) => x.word)).toEqual([' ', '\t', '　', '  ']);
  });
});

describe('scripts, numbers, Latin, emoji', () => {
  test('mixed scripts', async () => {
    const t = await roundTrip('ひらがなとカタカナと漢字とＡＢＣ');
    expect(find(t, 'カタカナ').furigana).toBe('かたかな');
    expect(find(t, '漢字').furigana).toBe('かんじ');
    expect(find(t, 'ＡＢＣ').furigana).toBe('');
  });

  test('full-width and ASCII numbers are single number tokens without reading', async () => {
    const t = await roundTrip('１２３円と456円、3.14と1,000人');
    for (const n of ['１２３', '456', '3.14', '1,000']) expect(find(t, n)).toMatchObject({ pos: 'number', furigana: '' });
    expect(find(t, '円')).toMatchObject({ pos: 'suffix', furigana: 'えん' });
    expect(find(await roundTrip('三匹'), '三')).toMatchObject({ pos: 'number', furigana: 'さん' });
  });

  test('Latin text: iPhoneを買った', async () => {
    expect(view(await roundTrip('iPhoneを買った'))).toEqual(['iPhone/noun/', 'を/particle/を', '買っ/verb/かっ', 'た/auxiliary/た']);
    const t = await roundTrip('Hello, world! 日本語 OK');
    expect(find(t, ',').pos).toBe('punctuation');
    expect(find(t, 'world').furigana).toBe('');
  });

  test('emoji: surrogate pairs, ZWJ sequences, flags, skin tones, keycaps', async () => {
    const text = '猫😀が👨‍👩‍👧と🇯🇵へ👍🏽1️⃣番';
    const t = await roundTrip(text);
    for (const e of ['😀', '👨‍👩‍👧', '🇯🇵', '👍🏽', '1️⃣']) expect(find(t, e)).toMatchObject({ pos: 'symbol', furigana: '' });
    expect(find(t, '猫').furigana).toBe('ねこ');
  });

  test('characters kuromoji mishandles still round-trip', async () => {
    await roundTrip('𠮷野家の葛\u{E0100}城、か\u3099、\uD800壊れた\uDC00文字\u200B\uFEFF');
  });
});

describe('parts of speech', () => {
  test('the app groups on a real sentence', async () => {
    const t = await roundTrip('私はこの静かな部屋でゆっくり本を読み、そしてああと言った。');
    expect(find(t, '私').pos).toBe('pronoun');
    expect(find(t, 'この').pos).toBe('prenominal');
    expect(find(t, '静か').pos).toBe('adjective');
    expect(find(t, 'な').pos).toBe('auxiliary');
    expect(find(t, '部屋').pos).toBe('noun');
    expect(find(t, 'ゆっくり').pos).toBe('adverb');
    expect(find(t, 'を').pos).toBe('particle');
    expect(find(t, '読み').pos).toBe('verb');
    expect(find(t, 'そして').pos).toBe('conjunction');
    expect(find(t, 'ああ').pos).toBe('interjection');
    expect(find(await roundTrip('お茶を飲む'), 'お茶').pos).toBe('noun');
    expect(find(await roundTrip('高さ'), 'さ').pos).toBe('suffix');
    expect(find(await roundTrip('ご説明'), 'ご').pos).toBe('prefix');
  });
});

/** Small deterministic PRNG so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '今日', 'は', '東京', 'タワー', 'ラーメン', '食べた', '行きました', '美しい', '、', '。', '「', '」', '！', '？', '…', '・',
  'iPhone', 'Hello', ' world', '123', '１２３', '3.14', '1,000', ' ', '  ', '\t', '　', '\n', '\r\n', '\n\n', '\r',
  '😀', '👨‍👩‍👧', '🇯🇵', '👍🏽', '1️⃣', '𠮷', '葛\u{E0100}', 'か\u3099', 'ﾗｰﾒﾝ', '※', '★', '♪', '＠', '%', '(', ')', '\uD800', '\uDC00',
  '\u200D', '\uFE0F', 'ｗｗｗ', 'Ｔシャツ', 'ヴァイオリン', '〜', '々', 'ー', 'ゝ', '～', '#', '\\', '"', "'", '<b>', '&amp;',
];

function randomText(rand: () => number, maxPieces: number): string {
  let s = '';
  const n = Math.floor(rand() * maxPieces);
  for (let i = 0; i < n; i++) {
    if (rand() < 0.15) s += String.fromCodePoint(0x20 + Math.floor(rand() * 0x2fff)); // any BMP character
    else s += PIECES[Math.floor(rand() * PIECES.length)] ?? '';
  }
  return s;
}

describe('round trip: the words rebuild the source exactly', () => {
  test('fixed inputs', async () => {
    const inputs = ['', ' ', '\n', '\r\n\r\n', '。', 'a', '😀', '\uD800', '　全角スペース\tタブ', 'ジョン・スミス', '2024年3月1日', 'え？！…「」'];
    for (const s of inputs) await roundTrip(s);
  });

  test('400 generated mixes', async () => {
    const rand = mulberry32(20240601);
    for (let i = 0; i < 400; i++) await roundTrip(randomText(rand, 40));
  });

  test('one long generated text across chunk boundaries', async () => {
    const rand = mulberry32(7);
    let s = '';
    while (s.length < 30_000) s += randomText(rand, 60);
    const tokens = await roundTrip(s);
    expect(tokens.length).toBeGreaterThan(1_000);
  });

  test('200k characters without line breaks are tokenized in bounded chunks', async () => {
    const text = '吾輩は猫である。名前はまだ無い'.repeat(14_000);
    expect(text.length).toBeGreaterThan(200_000);
    const started = performance.now();
    const tokens = await roundTrip(text);
    console.info(`200k characters: ${tokens.length} tokens in ${Math.round(performance.now() - started)} ms`);
    expect(tokens.filter((t) => t.word === '猫')).toHaveLength(14_000);
  }, 120_000);
});

describe('offline word info', () => {
  test('dictionary form, reading and part of speech from the analyzer', async () => {
    expect(await offlineWordInfo(analyzer, '行きました', '昨日、東京に行きました。')).toMatchObject({
      dictionaryForm: '行く', furigana: 'いく', surfaceFurigana: 'いきました', pos: 'verb', source: 'offline',
    });
    expect(await offlineWordInfo(analyzer, '勉強します', '毎日勉強します')).toMatchObject({ dictionaryForm: '勉強する', furigana: 'べんきょうする', pos: 'verb' });
    expect(await offlineWordInfo(analyzer, '静かな', '静かな部屋')).toMatchObject({ dictionaryForm: '静か', furigana: 'しずか', pos: 'adjective' });
    expect(await offlineWordInfo(analyzer, '東京タワー', '東京タワーに行く')).toMatchObject({ dictionaryForm: '東京タワー', furigana: 'とうきょうたわー', pos: 'noun' });
    expect(await offlineWordInfo(analyzer, '食べたい', 'ラーメンが食べたい')).toMatchObject({ dictionaryForm: '食べる', furigana: 'たべる', pos: 'verb' });
  });

  test('offset picks the occurrence; a word missing from the sentence is analysed alone', async () => {
    const sentence = '日本の本と本屋';
    expect(await offlineWordInfo(analyzer, '本', sentence, { offset: 3 })).toMatchObject({ dictionaryForm: '本', furigana: 'ほん', pos: 'noun' });
    expect(await offlineWordInfo(analyzer, '猫', '犬がいる')).toMatchObject({ dictionaryForm: '猫', furigana: 'ねこ', pos: 'noun' });
  });
});
