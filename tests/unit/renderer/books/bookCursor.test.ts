/** Word mode in a book: where the arrows take the keyboard's word. */
import { describe, expect, it } from 'vitest';
import type { Token } from '../../../../shared/domain';
import {
  cursorFrom,
  cursorSpan,
  cursorStep,
  extendTo,
  lineBox,
  remapCursor,
  stepWord,
  wordOnNextLine,
  type BookCursor,
  type LineBox,
  type ParagraphTokens,
} from '../../../../renderer/src/books/bookCursor';
import { placeTokens, type PlacedToken } from '../../../../renderer/src/reader/placedToken';

const tok = (word: string, pos: Token['pos'] = 'noun'): Token => ({ word, pos, furigana: '' });
// 吾輩は猫である。
const p0 = placeTokens([tok('吾輩', 'pronoun'), tok('は', 'particle'), tok('猫'), tok('で', 'auxiliary'), tok('ある', 'verb'), tok('。', 'punctuation')], 0, 'offline');
// 「……」 (no words)
const dots = placeTokens([tok('「', 'punctuation'), tok('……', 'symbol'), tok('」', 'punctuation')], 0, 'offline');
// 名前はまだ無い。
const p3 = placeTokens([tok('名前'), tok('は', 'particle'), tok('まだ', 'adverb'), tok('無い', 'adjective'), tok('。', 'punctuation')], 0, 'offline');

// Paragraph 0, an illustration, a paragraph of punctuation, paragraph 3, and one whose tokens are on the way.
const chapter: Array<readonly PlacedToken[] | null | undefined> = [p0, null, dots, p3, undefined];
const tokensAt: ParagraphTokens = (i) => chapter[i];
const at = (paragraph: number, token: number, anchor: number | null = null): BookCursor => ({ paragraph, token, anchor });

describe('cursorStep', () => {
  it('horizontal text: right/left along the line, down/up across lines', () => {
    expect(['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'].map((k) => cursorStep(k, false))).toEqual(['next', 'prev', 'lineNext', 'linePrev']);
  });

  it('vertical text: down/up within a column, left to the next column, right back', () => {
    expect(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'].map((k) => cursorStep(k, true))).toEqual(['next', 'prev', 'lineNext', 'linePrev']);
  });

  it('other keys are no move (the paging keys stay the book’s)', () => {
    expect(cursorStep('PageDown', false)).toBeNull();
    expect(cursorStep(' ', true)).toBeNull();
  });
});

describe('cursorFrom', () => {
  it('starts on the first word of the paragraph, not on punctuation', () => {
    expect(cursorFrom(tokensAt, chapter.length, 0, 1)).toEqual({ cursor: at(0, 0) });
  });

  it('skips an illustration and a paragraph without words', () => {
    expect(cursorFrom(tokensAt, chapter.length, 1, 1)).toEqual({ cursor: at(3, 0) });
    expect(cursorFrom(tokensAt, chapter.length, 2, -1)).toEqual({ cursor: at(0, 4) });
  });

  it('waits for a paragraph whose tokens are on the way; nothing past the chapter’s end', () => {
    expect(cursorFrom(tokensAt, chapter.length, 4, 1)).toEqual({ wait: 4 });
    expect(cursorFrom(tokensAt, chapter.length, 5, 1)).toBeNull();
    expect(cursorFrom(tokensAt, chapter.length, -1, -1)).toBeNull();
  });
});

describe('stepWord', () => {
  it('moves word by word, over punctuation', () => {
    expect(stepWord(tokensAt, chapter.length, at(0, 0), 1)).toEqual({ cursor: at(0, 1) });
    expect(stepWord(tokensAt, chapter.length, at(0, 2), -1)).toEqual({ cursor: at(0, 1) });
  });

  it('goes on into the next paragraph with words, and back to the last word of the one before', () => {
    expect(stepWord(tokensAt, chapter.length, at(0, 4), 1)).toEqual({ cursor: at(3, 0) });
    expect(stepWord(tokensAt, chapter.length, at(3, 0), -1)).toEqual({ cursor: at(0, 4) });
  });

  it('a plain move forgets the phrase being grown', () => {
    expect(stepWord(tokensAt, chapter.length, at(0, 2, 0), 1)).toEqual({ cursor: at(0, 3) });
  });

  it('waits at the paragraph still loading, stops at the chapter’s start', () => {
    expect(stepWord(tokensAt, chapter.length, at(3, 3), 1)).toEqual({ wait: 4 });
    expect(stepWord(tokensAt, chapter.length, at(0, 0), -1)).toBeNull();
  });
});

describe('extendTo and cursorSpan', () => {
  const text = '吾輩は猫である。';

  it('Shift+arrows grow a phrase from where they started and shrink it back to one word', () => {
    const one = extendTo(p0, text, at(0, 2), 3)!;
    expect(one).toEqual(at(0, 3, 2));
    expect(cursorSpan(p0, one)).toEqual({ start: 3, end: 5, phrase: true });
    const two = extendTo(p0, text, one, 4)!;
    expect(two).toEqual(at(0, 4, 2));
    expect(cursorSpan(p0, two)).toEqual({ start: 3, end: 7, phrase: true });
    const back = extendTo(p0, text, at(0, 3, 2), 2)!;
    expect(back).toEqual(at(0, 2));
    expect(cursorSpan(p0, back)).toEqual({ start: 3, end: 4, phrase: false });
  });

  it('grows backwards too (the span runs from the first word)', () => {
    const c = extendTo(p0, text, at(0, 2), 0)!;
    expect(c).toEqual(at(0, 0, 2));
    expect(cursorSpan(p0, c)).toEqual({ start: 0, end: 4, phrase: true });
  });

  it('goes no further than the reader’s longest phrase, nor out of the paragraph', () => {
    const many = placeTokens(Array.from({ length: 14 }, (_, i) => tok(`語${i}`)), 0, 'offline');
    const long = many.map((t) => t.word).join('');
    expect(extendTo(many, long, at(0, 10, 0), 11)).toEqual(at(0, 11, 0));
    expect(extendTo(many, long, at(0, 11, 0), 12)).toBeNull();
    expect(extendTo(p0, text, at(0, 4), -1)).toBeNull();
  });
});

describe('wordOnNextLine', () => {
  // Horizontal text, two lines of 20px: three words on the first, two on the second.
  const rect = (left: number, top: number, w = 40) => ({ left, right: left + w, top, bottom: top + 20 });
  const horizontal: LineBox[] = [rect(0, 0), rect(40, 0), rect(80, 0), rect(0, 30), rect(60, 30, 60)].map((r) => lineBox(r, false));

  it('horizontal: down to the word below, nearest along the line', () => {
    expect(wordOnNextLine(horizontal, 2, 1)).toBe(4);
    expect(wordOnNextLine(horizontal, 0, 1)).toBe(3);
    expect(wordOnNextLine(horizontal, 4, -1)).toBe(2);
    expect(wordOnNextLine(horizontal, 3, -1)).toBe(0);
  });

  it('keeps to a goal along the line over several moves', () => {
    // From the third word down (nearest: the wide word), then up with the goal kept: the third word again, not the second.
    expect(wordOnNextLine(horizontal, 2, 1)).toBe(4);
    expect(wordOnNextLine(horizontal, 4, -1)).toBe(2);
    const wide: LineBox[] = [rect(0, 0), rect(40, 0), rect(80, 0), rect(0, 30, 60), rect(60, 30, 120)].map((r) => lineBox(r, false));
    expect(wordOnNextLine(wide, 4, -1)).toBe(2);
    expect(wordOnNextLine(wide, 4, -1, wide[1]!.along)).toBe(1);
  });

  it('no line before the first or after the last', () => {
    expect(wordOnNextLine(horizontal, 4, 1)).toBe(-1);
    expect(wordOnNextLine(horizontal, 1, -1)).toBe(-1);
  });

  // Vertical text (columns right to left): two words in the right column, two in the next one to its left.
  const col = (right: number, top: number, h = 40) => ({ left: right - 24, right, top, bottom: top + h });
  const vertical: LineBox[] = [col(500, 0), col(500, 40), col(460, 0), col(460, 40)].map((r) => lineBox(r, true));

  it('vertical: left to the next column, right back, nearest along the column', () => {
    expect(wordOnNextLine(vertical, 1, 1)).toBe(3);
    expect(wordOnNextLine(vertical, 0, 1)).toBe(2);
    expect(wordOnNextLine(vertical, 3, -1)).toBe(1);
    expect(wordOnNextLine(vertical, 2, 1)).toBe(-1);
  });
});

describe('remapCursor', () => {
  // The model's tokens for 吾輩は猫である。: である is one word now.
  const model = placeTokens([tok('吾輩', 'pronoun'), tok('は', 'particle'), tok('猫'), tok('である', 'auxiliary'), tok('。', 'punctuation')], 0, 'model');

  it('keeps the cursor on the same text when the tokens are replaced', () => {
    expect(remapCursor(p0, model, at(0, 2))).toEqual(at(0, 2));
    // ある (offline token 4, characters 5–7) lies inside the model's である (token 3).
    expect(remapCursor(p0, model, at(0, 4))).toEqual(at(0, 3));
    expect(remapCursor(p0, model, at(0, 5))).toEqual(at(0, 4));
  });

  it('moves a phrase anchor with it', () => {
    expect(remapCursor(p0, model, at(0, 4, 2))).toEqual(at(0, 3, 2));
  });
});
