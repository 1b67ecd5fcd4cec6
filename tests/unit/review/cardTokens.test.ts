import { describe, expect, it } from 'vitest';
import type { Token } from '../../../shared/domain';
import { sentenceTranslation } from '../../../renderer/src/components/review/sentenceTranslation';
import { tokensWithin } from '../../../electron/core/review/cardTokens';

const tok = (word: string, furigana = ''): Token => ({ word, pos: 'noun', furigana });

describe('tokensWithin (furigana of a sentence card from its document)', () => {
  const text = '吾輩は猫である。\n名前はまだ無い。';
  const tokens = [tok('吾輩', 'わがはい'), tok('は'), tok('猫', 'ねこ'), tok('である'), tok('。'), tok('\n'), tok('名前', 'なまえ'), tok('は'), tok('まだ'), tok('無い', 'ない'), tok('。')];

  it('returns exactly the tokens of the sentence', () => {
    expect(tokensWithin(text, tokens, '名前はまだ無い。')?.map((t) => t.word)).toEqual(['名前', 'は', 'まだ', '無い', '。']);
    expect(tokensWithin(text, tokens, '吾輩は猫である。')?.[2]).toEqual(tok('猫', 'ねこ'));
  });

  it('gives up when a token straddles the sentence edge or the sentence is not in the text', () => {
    expect(tokensWithin(text, tokens, '輩は猫である。')).toBeUndefined();
    expect(tokensWithin(text, tokens, '犬である。')).toBeUndefined();
    expect(tokensWithin(text, tokens, '')).toBeUndefined();
  });
});

describe('sentenceTranslation (a card keeps the translation shown on screen)', () => {
  it('the whole text is the sentence', () => {
    expect(sentenceTranslation(' 猫です。\n', 'It is a cat.\n', '猫です。')).toBe('It is a cat.');
  });

  it('one translated line per line of the text', () => {
    expect(sentenceTranslation('吾輩は猫である。\r\n名前はまだ無い。', 'I am a cat.\nI have no name yet.', '名前はまだ無い。')).toBe('I have no name yet.');
  });

  it('nothing when the lines do not line up or the sentence is part of a line', () => {
    expect(sentenceTranslation('吾輩は猫である。\n名前はまだ無い。', 'I am a cat and have no name.', '名前はまだ無い。')).toBe('');
    expect(sentenceTranslation('吾輩は猫である。名前はまだ無い。', 'I am a cat. I have no name.', '名前はまだ無い。')).toBe('');
    expect(sentenceTranslation('猫です。', '', '猫です。')).toBe('');
  });
});
