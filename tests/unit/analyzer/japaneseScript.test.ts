/** The one definition of a Japanese character, shared by the analyzer and the renderer's look-ahead. */
import { describe, expect, it } from 'vitest';
import { JAPANESE_CHAR } from '../../../shared/japaneseScript';

describe('a Japanese character', () => {
  it('is a kanji, a kana, an iteration or closing mark, or a long vowel mark (full or half width)', () => {
    for (const c of ['漢', '𠮟', 'か', 'カ', 'ｶ', 'ー', 'ｰ', '々', '〆', '〇', 'ゝ', 'ヶ']) expect(JAPANESE_CHAR.test(c), c).toBe(true);
  });

  it('is not Latin, a digit, punctuation, a bracket or a space', () => {
    for (const c of ['A', 'é', '1', '１', '。', '、', '！', '「', '・', ' ', '\u3000']) expect(JAPANESE_CHAR.test(c), c).toBe(false);
  });
});
