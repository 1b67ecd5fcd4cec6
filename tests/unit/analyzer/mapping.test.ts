import { describe, expect, test } from 'vitest';
import { POS_GROUPS, type Token } from '../../../shared/domain';
import { charClassPos, mapPos, plainPos } from '../../../electron/core/analyzer/posMapping';
import { readingFor, toHiraganaReading } from '../../../electron/core/analyzer/reading';
import { chunkText, MAX_RUN, segmentText, splitLongRun } from '../../../electron/core/analyzer/segment';
import { assembleTokens, reconcile, tokenizeWith, type RawToken } from '../../../electron/core/analyzer/tokenize';
import { wordInfoFromTokens } from '../../../electron/core/analyzer/wordInfo';

/** Pure parts of the analyzer, with hand-made kuromoji output (real output is in analyzer.test.ts). */

const raw = (surface_form: string, pos: string, pos_detail_1 = '*', basic_form = surface_form, reading?: string): RawToken => ({
  surface_form,
  pos,
  pos_detail_1,
  basic_form,
  ...(reading !== undefined ? { reading } : {}),
});
const words = (tokens: readonly Token[]): string[] => tokens.map((t) => t.word);

describe('mapPos', () => {
  test.each([
    ['名詞', '一般', '猫', 'noun'],
    ['名詞', '代名詞', '私', 'pronoun'],
    ['名詞', '数', '三', 'number'],
    ['名詞', '接尾', '円', 'suffix'],
    ['名詞', '形容動詞語幹', '静か', 'adjective'],
    ['名詞', '副詞可能', '今日', 'noun'],
    ['動詞', '自立', '行き', 'verb'],
    ['形容詞', '自立', '高い', 'adjective'],
    ['副詞', '一般', 'ゆっくり', 'adverb'],
    ['助詞', '格助詞', 'が', 'particle'],
    ['助動詞', '*', 'ます', 'auxiliary'],
    ['接続詞', '*', 'そして', 'conjunction'],
    ['感動詞', '*', 'ああ', 'interjection'],
    ['フィラー', '*', 'えーと', 'interjection'],
    ['接頭詞', '名詞接続', 'お', 'prefix'],
    ['連体詞', '*', 'この', 'prenominal'],
    ['記号', '句点', '。', 'punctuation'],
    ['記号', '読点', '、', 'punctuation'],
    ['記号', '括弧開', '「', 'punctuation'],
    ['記号', '括弧閉', '」', 'punctuation'],
    ['記号', '空白', '　', 'symbol'],
    ['記号', '一般', '★', 'symbol'],
    ['記号', '一般', '𠮷', 'other'],
    ['その他', '間投', 'ｗ', 'other'],
  ] as const)('%s,%s %s → %s', (pos, detail, surface, expected) => {
    expect(mapPos({ pos, pos_detail_1: detail }, surface)).toBe(expected);
  });

  test('characters win over the tags kuromoji gives unknown ASCII marks', () => {
    expect(mapPos({ pos: '名詞', pos_detail_1: 'サ変接続' }, ',')).toBe('punctuation');
    expect(mapPos({ pos: '名詞', pos_detail_1: 'サ変接続' }, '!?')).toBe('punctuation');
    expect(mapPos({ pos: '名詞', pos_detail_1: 'サ変接続' }, '+')).toBe('symbol');
    expect(mapPos({ pos: '記号', pos_detail_1: '一般' }, '！')).toBe('punctuation');
    expect(mapPos({ pos: '記号', pos_detail_1: '一般' }, '…')).toBe('punctuation');
  });

  test('every result is one of the app part-of-speech groups', () => {
    for (const pos of ['名詞', '動詞', '記号', '???', '']) {
      for (const d of ['一般', '数', '句点', '']) expect(POS_GROUPS).toContain(mapPos({ pos, pos_detail_1: d }, 'x'));
    }
  });

  test('charClassPos and plainPos', () => {
    expect(charClassPos('猫')).toBeUndefined();
    expect(charClassPos('')).toBeUndefined();
    expect(charClassPos(' \t')).toBe('symbol');
    expect(charClassPos('★♪')).toBe('symbol');
    expect(plainPos('１２3')).toBe('number');
    expect(plainPos('abc')).toBe('other');
    expect(plainPos('「')).toBe('punctuation');
  });
});

describe('readingFor', () => {
  test('converts the analyzer reading to hiragana and keeps ー', () => {
    expect(readingFor('東京', 'トウキョウ')).toBe('とうきょう');
    expect(readingFor('食べ', 'タベ')).toBe('たべ');
    expect(readingFor('ラーメン', 'ラーメン')).toBe('らーめん');
    expect(readingFor('Ｔシャツ', 'ティーシャツ')).toBe('てぃーしゃつ');
    expect(toHiraganaReading('ヴァイオリン')).toBe('ゔぁいおりん');
  });

  test('kana surfaces are their own reading, half width included', () => {
    expect(readingFor('は', 'ワ')).toBe('は');
    expect(readingFor('コーヒー')).toBe('こーひー');
    expect(readingFor('ﾗｰﾒﾝ')).toBe('らーめん');
  });

  test('empty for text with nothing Japanese, or an unknown reading', () => {
    for (const s of ['iPhone', '123', '１２３', 'ＡＢＣ', '😀', '。', '!', ' ', '3.14']) expect(readingFor(s, 'ナニカ')).toBe('');
    expect(readingFor('猫')).toBe('');
    expect(readingFor('猫', '*')).toBe('');
  });
});

describe('segmentText', () => {
  const kinds = (s: string): string[] => segmentText(s).map((x) => `${x.kind}:${x.text}`);

  test('line breaks one by one, \\r\\n kept whole', () => {
    expect(kinds('あ\nい\r\nう\n\nえ\rお')).toEqual([
      'text:あ', 'linebreak:\n', 'text:い', 'linebreak:\r\n', 'text:う', 'linebreak:\n', 'linebreak:\n', 'text:え', 'linebreak:\r', 'text:お',
    ]);
  });

  test('whitespace runs, emoji clusters and lone surrogates are cut out', () => {
    expect(kinds('a \t\u3000b')).toEqual(['text:a', 'space: \t\u3000', 'text:b']);
    expect(kinds('猫👨‍👩‍👧犬')).toEqual(['text:猫', 'emoji:👨‍👩‍👧', 'text:犬']);
    expect(kinds('👍🏽🇯🇵1️⃣')).toEqual(['emoji:👍🏽', 'emoji:🇯🇵', 'emoji:1️⃣']);
    expect(kinds('あ\uD800い')).toEqual(['text:あ', 'stray:\uD800', 'text:い']);
    expect(kinds('𠮷野家')).toEqual(['text:𠮷野家']);
  });

  test('long runs are bounded, preferably after punctuation', () => {
    const long = 'あ'.repeat(200) + '、' + 'い'.repeat(300);
    const segs = segmentText(long);
    expect(segs.every((s) => s.text.length <= MAX_RUN)).toBe(true);
    expect(segs[0]?.text.endsWith('、')).toBe(true);
    expect(segs.map((s) => s.text).join('')).toBe(long);
  });

  test('splitLongRun never splits a surrogate pair', () => {
    const s = '𠮷'.repeat(300);
    const pieces = splitLongRun(s, 11);
    expect(pieces.join('')).toBe(s);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(11);
    for (const p of pieces) expect([...p].every((c) => c === '𠮷')).toBe(true);
  });
});

describe('chunkText', () => {
  test('prefers line breaks, then sentence ends, and rebuilds the input', () => {
    const text = ('今日は晴れです。明日は雨です。\n').repeat(50);
    const chunks = chunkText(text, 100);
    expect(chunks.join('')).toBe(text);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(100);
      expect(c.endsWith('\n')).toBe(true);
    }
    const noBreaks = '今日は晴れです。'.repeat(40);
    const c2 = chunkText(noBreaks, 50);
    expect(c2.join('')).toBe(noBreaks);
    expect(c2.slice(0, -1).every((c) => c.endsWith('。'))).toBe(true);
  });

  test('keeps \\r\\n and surrogate pairs whole when it must cut anywhere', () => {
    const a = 'x'.repeat(9) + '\r\n' + 'y'.repeat(20);
    expect(chunkText(a, 10).every((c) => !c.endsWith('\r') || c === '\r')).toBe(true);
    expect(chunkText(a, 10).join('')).toBe(a);
    const b = '😀'.repeat(50);
    const chunks = chunkText(b, 7);
    expect(chunks.join('')).toBe(b);
    for (const c of chunks) expect(c.length % 2).toBe(0);
  });

  test('short and empty input is one chunk', () => {
    expect(chunkText('abc', 10)).toEqual(['abc']);
    expect(chunkText('', 10)).toEqual(['']);
    expect(() => chunkText('abc', 1)).toThrow();
  });
});

describe('reconcile', () => {
  test('characters kuromoji dropped become their own tokens', () => {
    const tokens = reconcile('猫 🐈犬', [raw('猫', '名詞', '一般', '猫', 'ネコ'), raw('犬', '名詞', '一般', '犬', 'イヌ')]);
    expect(words(tokens)).toEqual(['猫', ' 🐈', '犬']);
    expect(tokens[0]).toEqual({ word: '猫', pos: 'noun', furigana: 'ねこ', lemma: '猫', key: { term: '猫', reading: 'ねこ' } });
  });

  test('a surface that is not in the text is skipped, never duplicated', () => {
    const tokens = reconcile('ねこ', [raw('いぬ', '名詞'), raw('ねこ', '名詞')]);
    expect(words(tokens)).toEqual(['ねこ']);
    expect(words(reconcile('ab', [raw('a', '名詞'), raw('a', '名詞'), raw('b', '名詞')]))).toEqual(['a', 'b']);
  });

  test('a failed segment is one plain token', () => {
    expect(reconcile('あいう', null)).toEqual([{ word: 'あいう', pos: 'other', furigana: 'あいう' }]);
    expect(reconcile('', null)).toEqual([]);
  });

  test('lemma only when kuromoji knows it', () => {
    expect(reconcile('iPhone', [raw('iPhone', '名詞', '一般', '*')])[0]).toEqual({ word: 'iPhone', pos: 'noun', furigana: '' });
  });
});

describe('assembleTokens', () => {
  test('digits cut by kuromoji are one number; marks stay with their character', () => {
    const segs = segmentText('１２３と3.14と葛\u{E0100}');
    const tokens = assembleTokens(segs, [
      [
        raw('１', '名詞', '数', '１', 'イチ'),
        raw('２', '名詞', '数', '２', 'ニ'),
        raw('３', '名詞', '数', '３', 'サン'),
        raw('と', '助詞', '並立助詞'),
        raw('3', '名詞', '数', '*'),
        raw('.', '名詞', 'サ変接続', '*'),
        raw('14', '名詞', '数', '*'),
        raw('と', '助詞', '並立助詞'),
        raw('葛', '名詞', '一般', '葛', 'カズラ'),
        raw('\u{E0100}', '記号', '一般', '*'),
      ],
    ]);
    expect(tokens.map((t) => `${t.word}/${t.pos}/${t.furigana}`)).toEqual([
      '１２３/number/', 'と/particle/と', '3.14/number/', 'と/particle/と', '葛\u{E0100}/noun/かずら',
    ]);
  });

  test('a trailing separator is not part of the number', () => {
    const tokens = tokenizeWith('1,', () => [raw('1', '名詞', '数', '*'), raw(',', '名詞', 'サ変接続', '*')]);
    expect(words(tokens)).toEqual(['1', ',']);
  });

  test('tokenizeWith survives a tokenizer that throws', () => {
    const tokens = tokenizeWith('あ\nい', () => {
      throw new Error('boom');
    });
    expect(words(tokens)).toEqual(['あ', '\n', 'い']);
    expect(tokens[1]?.pos).toBe('linebreak');
  });
});

describe('wordInfoFromTokens', () => {
  const t = (word: string, pos: Token['pos'], furigana: string, lemma?: string): Token => ({ word, pos, furigana, ...(lemma ? { lemma } : {}) });

  test('verb with inflection → its dictionary form', () => {
    const info = wordInfoFromTokens('行きました', [t('行き', 'verb', 'いき', '行く'), t('まし', 'auxiliary', 'まし', 'ます'), t('た', 'auxiliary', 'た', 'た')]);
    expect(info).toMatchObject({ dictionaryForm: '行く', pos: 'verb', surfaceFurigana: 'いきました' });
  });

  test('サ変 noun + する → a verb', () => {
    const info = wordInfoFromTokens('勉強します', [t('勉強', 'noun', 'べんきょう', '勉強'), t('し', 'verb', 'し', 'する'), t('ます', 'auxiliary', 'ます', 'ます')]);
    expect(info).toMatchObject({ dictionaryForm: '勉強する', pos: 'verb' });
  });

  test('compounds stay as written; trailing particles go', () => {
    expect(wordInfoFromTokens('東京タワー', [t('東京', 'noun', 'とうきょう', '東京'), t('タワー', 'noun', 'たわー', 'タワー')])).toMatchObject({
      dictionaryForm: '東京タワー',
      pos: 'noun',
    });
    expect(wordInfoFromTokens('本を', [t('本', 'noun', 'ほん', '本'), t('を', 'particle', 'を', 'を')])).toMatchObject({ dictionaryForm: '本', pos: 'noun' });
    expect(wordInfoFromTokens('高さ', [t('高', 'adjective', 'たか', '高い'), t('さ', 'suffix', 'さ', 'さ')])).toMatchObject({ dictionaryForm: '高さ', pos: 'noun' });
  });
});
