import { describe, expect, it } from 'vitest';
import { hasKanji, isKanaOnly, toHiragana } from '../../../../renderer/src/reader/kana';
import { romajiOf } from '../../../../renderer/src/reader/romaji';
import { needsRuby, rubyParts } from '../../../../renderer/src/reader/ruby';

describe('needsRuby: only kanji with a reading that says something', () => {
  it.each([
    [{ word: '学生', furigana: 'がくせい' }, true],
    [{ word: '食べる', furigana: 'たべる' }, true],
    [{ word: '人々', furigana: 'ひとびと' }, true],
    [{ word: 'たべる', furigana: 'たべる' }, false],
    [{ word: 'コーヒー', furigana: 'こーひー' }, false],
    [{ word: '学生', furigana: '' }, false],
    [{ word: '。', furigana: '' }, false],
    [{ word: 'ABC', furigana: 'えーびーしー' }, false],
    [{ word: '〇', furigana: 'まる' }, true],
    [{ word: '𠮷野家', furigana: 'よしのや' }, true],
  ])('%j → %s', (token, expected) => {
    expect(needsRuby(token)).toBe(expected);
  });
});

describe('rubyParts: furigana over the kanji only', () => {
  it('splits okurigana off the end', () => {
    expect(rubyParts('食べる', 'たべる')).toEqual([{ base: '食', rt: 'た' }, { base: 'べる' }]);
  });
  it('splits a kana prefix', () => {
    expect(rubyParts('お茶', 'おちゃ')).toEqual([{ base: 'お' }, { base: '茶', rt: 'ちゃ' }]);
  });
  it('handles kana in the middle', () => {
    expect(rubyParts('取り扱い', 'とりあつかい')).toEqual([{ base: '取', rt: 'と' }, { base: 'り' }, { base: '扱', rt: 'あつか' }, { base: 'い' }]);
  });
  it('matches katakana in the word against a hiragana reading', () => {
    expect(rubyParts('ヶ月', 'かげつ')).toEqual([{ base: 'ヶ月', rt: 'かげつ' }]);
    expect(rubyParts('パン屋', 'ぱんや')).toEqual([{ base: 'パン' }, { base: '屋', rt: 'や' }]);
  });
  it('puts the whole reading over the whole word when the kana do not match', () => {
    expect(rubyParts('大人しい', 'おとなしくない')).toEqual([{ base: '大人しい', rt: 'おとなしくない' }]);
  });
  it('gives no ruby when none is needed', () => {
    expect(rubyParts('ひらがな', 'ひらがな')).toEqual([{ base: 'ひらがな' }]);
  });
});

describe('kana helpers', () => {
  it('converts katakana to hiragana and detects kanji and kana', () => {
    expect(toHiragana('カタカナとヴ')).toBe('かたかなとゔ');
    expect(hasKanji('ひらがな')).toBe(false);
    expect(hasKanji('漢')).toBe(true);
    expect(isKanaOnly('ラーメン')).toBe(true);
    expect(isKanaOnly('ラーメン屋')).toBe(false);
    expect(isKanaOnly('')).toBe(false);
  });
});

describe('romajiOf', () => {
  it('romanises the reading, with particle pronunciations', () => {
    expect(romajiOf({ word: '学生', furigana: 'がくせい', pos: 'noun' })).toBe('gakusei');
    expect(romajiOf({ word: 'は', furigana: '', pos: 'particle' })).toBe('wa');
    expect(romajiOf({ word: 'を', furigana: 'を', pos: 'particle' })).toBe('o');
    expect(romajiOf({ word: 'は', furigana: '', pos: 'noun' })).toBe('ha');
    expect(romajiOf({ word: 'コーヒー', furigana: '', pos: 'noun' })).toBe('koohii');
    expect(romajiOf({ word: '。', furigana: '', pos: 'punctuation' })).toBe('');
    expect(romajiOf({ word: '漢字', furigana: '', pos: 'noun' })).toBe('');
  });
});
