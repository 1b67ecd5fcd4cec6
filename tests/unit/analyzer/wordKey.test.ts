import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Token } from '../../../shared/domain';
import { createAnalyzer, type Analyzer } from '../../../electron/core/analyzer/analyzer';
import { baseReading, isCountedWord } from '../../../electron/core/analyzer/wordKey';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = createAnalyzer({ cacheDir: path.join(os.tmpdir(), 'yomimono-test-kuromoji') });
  await analyzer.ready();
}, 60_000);
afterAll(() => analyzer.close());

/** word → term/reading for counted words, word → - for the rest. */
async function keysOf(text: string): Promise<string[]> {
  const tokens: Token[] = await analyzer.tokenize(text);
  return tokens.map((t) => `${t.word}→${t.key ? `${t.key.term}/${t.key.reading}` : '-'}`);
}

describe('the analyzer keys counted words by base form and its reading', () => {
  it('inflected verbs and adjectives: the base form read from the surface', async () => {
    expect(await keysOf('泣いていた')).toEqual(['泣い→泣く/なく', 'て→-', 'い→-', 'た→-']);
    expect(await keysOf('高かった')).toEqual(['高かっ→高い/たかい', 'た→-']);
    expect(await keysOf('行ってきた')).toEqual(['行っ→行く/いく', 'て→-', 'き→-', 'た→-']);
    expect(await keysOf('食べさせられた')).toContain('食べ→食べる/たべる');
  });

  it('来る is read くる whatever its surface (こ, き); する as する', async () => {
    expect(await keysOf('来なかった')).toEqual(['来→来る/くる', 'なかっ→-', 'た→-']);
    expect(await keysOf('来ます')).toEqual(['来→来る/くる', 'ます→-']);
    expect(await keysOf('勉強しました')).toEqual(['勉強→勉強/べんきょう', 'し→する/する', 'まし→-', 'た→-']);
  });

  it('kana words are keyed in hiragana until a dictionary says more; na-adjectives and adverbs count', async () => {
    expect(await keysOf('ネコが静かに')).toEqual(['ネコ→ねこ/ねこ', 'が→-', '静か→静か/しずか', 'に→-']);
  });

  it('not counted: particles, auxiliaries, dependent words, suffixes, numerals, proper nouns, Latin, symbols', async () => {
    expect(await keysOf('太郎さんは3つのことをABCで。')).toEqual(
      (await analyzer.tokenize('太郎さんは3つのことをABCで。')).map((t) => `${t.word}→-`),
    );
  });
});

describe('baseReading', () => {
  it('reads the base form from the surface reading', () => {
    expect(baseReading('泣い', 'ない', '泣く')).toBe('なく');
    expect(baseReading('論じ', 'ろんじ', '論ずる')).toBe('ろんずる');
    expect(baseReading('し', 'し', 'する')).toBe('する');
    expect(baseReading('来', 'こ', '来る', 'カ変・来ル')).toBe('くる');
    expect(baseReading('き', 'き', 'くる', 'カ変・クル')).toBe('くる');
    expect(baseReading('猫', 'ねこ', '猫')).toBe('ねこ');
  });

  it('says nothing when the surface and the base form share no readable stem', () => {
    expect(baseReading('いっ', 'いっ', '行く')).toBe('');
    expect(baseReading('泣い', 'なき', '泣く')).toBe('');
  });

  it('isCountedWord follows the Coverage rules', () => {
    const w = (pos: string, pos_detail_1: string, surface_form = '語') => isCountedWord({ pos, pos_detail_1, surface_form });
    expect([w('名詞', '一般'), w('名詞', '代名詞'), w('名詞', '形容動詞語幹'), w('動詞', '自立'), w('形容詞', '自立'), w('副詞', '一般'), w('連体詞', '*'), w('接続詞', '*'), w('感動詞', '*')]).toEqual(Array(9).fill(true));
    expect([w('名詞', '非自立'), w('名詞', '数'), w('名詞', '固有名詞'), w('名詞', '接尾'), w('動詞', '非自立'), w('動詞', '接尾'), w('助詞', '格助詞'), w('助動詞', '*'), w('接頭詞', '名詞接続'), w('記号', '一般'), w('名詞', '一般', 'ABC')]).toEqual(Array(11).fill(false));
  });
});
