import { describe, expect, it } from 'vitest';
import type { Token } from '../../../../shared/domain';
import { bookProgress, bookSegments, charactersRead } from '../../../../renderer/src/books/bookSegments';
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

  it('each piece of a counted word carries its key (its status is painted on it); kana words stay pieces of their own', () => {
    const key = (term: string, reading: string) => ({ term, reading });
    const tokens: Token[] = [
      { word: '食べ', furigana: 'たべ', pos: 'verb', key: key('食べる', 'たべる') },
      { word: 'た', furigana: '', pos: 'auxiliary' },
      { word: 'ねこ', furigana: 'ねこ', pos: 'noun', key: key('猫', 'ねこ') },
      { word: 'が', furigana: '', pos: 'particle' },
    ];
    expect(bookSegments('食べたねこが', [], tokens)).toEqual([
      { text: '食', rt: 'た', wk: '食べる\tたべる' },
      { text: 'べ', wk: '食べる\tたべる' },
      { text: 'た' },
      { text: 'ねこ', wk: '猫\tねこ' },
      { text: 'が' },
    ]);
  });

  it('with furigana off the tokens give only the words’ keys (their marks): no readings, the author’s ruby still shown', () => {
    const key = (term: string, reading: string) => ({ term, reading });
    const tokens: Token[] = [
      { word: '食べ', furigana: 'たべ', pos: 'verb', key: key('食べる', 'たべる') },
      { word: 'た', furigana: '', pos: 'auxiliary' },
      { word: '猫', furigana: 'ねこ', pos: 'noun', key: key('猫', 'ねこ') },
      { word: 'が', furigana: '', pos: 'particle' },
    ];
    expect(bookSegments('食べた猫が', [{ base: '猫', reading: 'ねこ', start: 3 }], tokens, {}, [], false)).toEqual([
      { text: '食べ', wk: '食べる\tたべる' },
      { text: 'た' },
      { text: '猫', rt: 'ねこ', author: true },
      { text: 'が' },
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
    // Aozora Bunko's own distribution is a zip.
    expect(isBookFile({ name: '57_ruby_1062.zip', type: 'application/zip' })).toBe(true);
  });
});

describe('described gaiji and characters read', () => {
  it('puts each described ※ in a piece of its own, and on the ruby that holds one', () => {
    const segments = bookSegments;
    const text = '眼を※った。※と書※く';
    const ruby = [{ base: '書※', reading: 'か', start: 8 }];
    const gaiji = [
      { start: 2, description: '目＋匡' },
      { start: 6, description: '濁点付き片仮名ヰ' },
      { start: 9, description: '口＋鳥' },
    ];
    expect(segments(text, ruby, undefined, {}, gaiji)).toEqual([
      { text: '眼を' },
      { text: '※', gaiji: '目＋匡' },
      { text: 'った。' },
      { text: '※', gaiji: '濁点付き片仮名ヰ' },
      { text: 'と' },
      { text: '書※', rt: 'か', author: true, gaiji: '口＋鳥' },
      { text: 'く' },
    ]);
    // With the analyzer's tokens too, the ※ stays a piece of its own.
    expect(segments('眼を※った', [], [tok('眼', 'め'), tok('を'), tok('※'), tok('った')], {}, [{ start: 2, description: '目＋匡' }])).toEqual([
      { text: '眼', rt: 'め' },
      { text: 'を' },
      { text: '※', gaiji: '目＋匡' },
      { text: 'った' },
    ]);
  });

  it('counts characters read up to the place, and all of them at the end', () => {
    expect(charactersRead([100, 50], 1, [10, 20, 20], 2, 5, false)).toBe(100 + 30 + 5);
    expect(charactersRead([100, 50], 1, [10, 20, 20], 2, 5, true)).toBe(150);
    expect(charactersRead([100, 50], 0, [60, 40], 0, 0, false)).toBe(0);
  });
});
