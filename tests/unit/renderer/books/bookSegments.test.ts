import { describe, expect, it } from 'vitest';
import type { Token } from '../../../../shared/domain';
import { bookProgress, bookSegments } from '../../../../renderer/src/books/bookSegments';
import { isBookFile } from '../../../../renderer/src/books/bookFiles';

const tok = (word: string, furigana = ''): Token => ({ word, furigana, pos: 'noun' });

describe('book paragraph segments', () => {
  it('shows the author’s ruby, and the analyzer’s furigana only outside it', () => {
    const text = '親譲りの無鉄砲で小供の時';
    const ruby = [{ base: '無鉄砲', reading: 'むてっぽう', start: 4 }];
    const tokens = [tok('親譲り', 'おやゆずり'), tok('の'), tok('無鉄砲', 'むてっぽう'), tok('で'), tok('小供', 'こども'), tok('の'), tok('時', 'とき')];
    expect(bookSegments(text, ruby, tokens)).toEqual([
      { text: '親譲', rt: 'おやゆず' },
      { text: 'りの' },
      { text: '無鉄砲', rt: 'むてっぽう', author: true },
      { text: 'で' },
      { text: '小供', rt: 'こども' },
      { text: 'の' },
      { text: '時', rt: 'とき' },
    ]);
  });

  it('without tokens: plain text around the author’s ruby; a ruby that does not match the text is ignored', () => {
    expect(bookSegments('漢字を読む', [{ base: '漢字', reading: 'かんじ', start: 0 }, { base: '違う', reading: 'ちがう', start: 3 }])).toEqual([
      { text: '漢字', rt: 'かんじ', author: true },
      { text: 'を読む' },
    ]);
  });

  it('progress counts the chapters before and the paragraphs before in this one', () => {
    expect(bookProgress([100, 100], 1, [10, 20, 70], 2)).toBeCloseTo(130 / 200);
    expect(bookProgress([0], 0, [], 0)).toBe(0);
  });

  it('routes book files (not images) to the library', () => {
    expect(isBookFile({ name: 'a.EPUB', type: '' })).toBe(true);
    expect(isBookFile({ name: 'b.txt', type: 'text/plain' })).toBe(true);
    expect(isBookFile({ name: 'c.png', type: 'image/png' })).toBe(false);
  });
});
