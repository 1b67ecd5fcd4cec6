/** The hover popup beside the pointed character, never over the word it starts, and inside the window. */
import { describe, expect, it } from 'vitest';
import { besidePlace, POPUP_MIN_WIDTH, POPUP_WIDTH, popupPlace } from '../../../../../renderer/src/components/dictionary/popupPlace';

const view = { width: 1200, height: 800 };
const popup = { width: POPUP_WIDTH, height: 180 };
const char = (left: number, top: number, size = 22) => ({ left, top, right: left + size, bottom: top + size });

describe('the hover popup', () => {
  it('goes below the line in horizontal text, from the character on', () => {
    expect(popupPlace(char(300, 200), false, view, popup)).toEqual({ x: 300, y: 228, width: POPUP_WIDTH, side: 'below' });
  });

  it('goes above the line when it does not fit below (a word near the bottom of the window), its bottom just over the character', () => {
    const c = char(300, 700);
    const p = popupPlace(c, false, view, popup);
    expect(p.y + popup.height).toBeLessThanOrEqual(c.top);
    expect(p.y + popup.height).toBeGreaterThan(c.top - 10);
    expect(p.y).toBeGreaterThanOrEqual(0);
  });

  it('stays below when it just fits, and inside the window near its right edge', () => {
    const p = popupPlace(char(1150, 580), false, view, popup);
    expect(p.y).toBe(608);
    expect(p.x + POPUP_WIDTH).toBeLessThanOrEqual(view.width);
  });

  it('with room on neither side, takes the side with more room and stays inside the window', () => {
    // A window 500 high and a popup of half of it: a word in the middle has no room for it above or below.
    const low = { width: 1200, height: 500 };
    const half = { width: POPUP_WIDTH, height: 250 };
    const moreBelow = char(300, 230);
    const b = popupPlace(moreBelow, false, low, half);
    expect(b.y).toBeGreaterThan(moreBelow.top);
    expect(b.y + half.height).toBeLessThanOrEqual(low.height);
    const moreAbove = char(300, 250);
    const a = popupPlace(moreAbove, false, low, half);
    expect(a.y).toBeGreaterThanOrEqual(0);
    expect(a.y + half.height).toBeLessThanOrEqual(moreAbove.bottom);
    expect(a.y + half.height).toBeLessThanOrEqual(low.height);
  });

  it('grown on screen (its later entries drawn), keeps the side it went to and is held to the room there, rather than jumping over the line', () => {
    const c = char(300, 500);
    const first = popupPlace(c, false, view, { width: POPUP_WIDTH, height: 120 });
    expect(first.side).toBe('below');
    const grown = { width: POPUP_WIDTH, height: 380 };
    // Not kept, the grown popup would go above the line.
    expect(popupPlace(c, false, view, grown).side).toBe('above');
    const kept = popupPlace(c, false, view, grown, { from: { side: first.side, top: first.y } });
    expect(kept).toMatchObject({ y: first.y, side: 'below' });
    expect(kept.y + kept.maxHeight!).toBe(view.height - 8);
    // One that still fits is not held.
    expect(popupPlace(c, false, view, { width: POPUP_WIDTH, height: 200 }, { from: { side: 'below', top: 0 } }).maxHeight).toBeUndefined();
  });

  it('kept above, grows upwards from the line (its bottom stays over the character), held to the room above when it reaches the top', () => {
    const c = char(300, 500);
    const small = popupPlace(c, false, view, { width: POPUP_WIDTH, height: 100 }, { from: { side: 'above', top: 0 } });
    expect(small.side).toBe('above');
    expect(small.y + 100).toBe(c.top - 6);
    const tall = popupPlace(c, false, view, { width: POPUP_WIDTH, height: 600 }, { from: { side: 'above', top: 0 } });
    expect(tall).toMatchObject({ y: 8, side: 'above', maxHeight: c.top - 6 - 8 });
  });

  it('expected to grow (its later entries to come), takes the side with room for its grown height from the start', () => {
    const c = char(300, 500);
    const first = popupPlace(c, false, view, { width: POPUP_WIDTH, height: 120 }, { toHeight: 360 });
    expect(first.side).toBe('above');
    expect(first.y + 120).toBe(c.top - 6);
    expect(popupPlace(c, false, view, { width: POPUP_WIDTH, height: 120 }, { toHeight: 200 }).side).toBe('below');
  });

  it('kept on a side with too little room for a popup of any use, goes to the other side after all', () => {
    const c = char(300, 690);
    expect(popupPlace(c, false, view, { width: POPUP_WIDTH, height: 200 }, { from: { side: 'below', top: 0 } })).toMatchObject({ side: 'above', y: c.top - 6 - 200 });
    expect(popupPlace(c, false, view, { width: POPUP_WIDTH, height: 200 }, { from: { side: 'below', top: 0 } }).maxHeight).toBeUndefined();
  });

  it('beside a vertical column near the window\'s bottom, is placed for its grown height from the start and stays there as it grows', () => {
    const c = char(900, 600);
    const small = { width: POPUP_WIDTH, height: 120 };
    // Alone it would sit level with the character; expected to grow to 360, it starts high enough for that.
    expect(popupPlace(c, true, view, small).y).toBe(600);
    const first = popupPlace(c, true, view, small, { toHeight: 360 });
    expect(first.y).toBe(view.height - 360 - 8);
    // Grown (to about what was expected, or less), it stays where it came; not kept, it would move.
    const grown = { width: POPUP_WIDTH, height: 330 };
    expect(popupPlace(c, true, view, grown).y).not.toBe(first.y);
    expect(popupPlace(c, true, view, grown, { from: { top: first.y } }).y).toBe(first.y);
    // Grown past the window's bottom from there: moved up just enough after all.
    expect(popupPlace(c, true, view, { width: POPUP_WIDTH, height: 400 }, { from: { top: first.y } }).y).toBe(view.height - 400 - 8);
    // A top below the character (it came level with a character lower down) is not kept.
    expect(popupPlace(char(900, 100), true, view, small, { from: { top: 300 } }).y).toBe(100);
  });

  it("goes left of the column in vertical text (the word runs down, the next columns are to the left), level with the character", () => {
    const p = popupPlace(char(900, 300), true, view, popup);
    expect(p.x + POPUP_WIDTH).toBeLessThanOrEqual(900);
    expect(p.y).toBe(300);
  });

  it('goes right of a vertical column that has no room on its left', () => {
    const p = popupPlace(char(120, 100), true, view, popup);
    expect(p.x).toBeGreaterThanOrEqual(142);
  });

  it('moves up in vertical text just as far as its measured height needs to fit the window', () => {
    expect(popupPlace(char(900, 700), true, view, popup).y).toBe(view.height - popup.height - 8);
    expect(popupPlace(char(900, 500), true, view, popup).y).toBe(500);
  });

  it('is placed by its measured width when the window is narrower than the popup wants', () => {
    const narrow = { width: 300, height: 800 };
    const p = popupPlace(char(200, 100), false, narrow, { width: 284, height: 120 });
    expect(p.x).toBeGreaterThanOrEqual(8);
    expect(p.x + 284).toBeLessThanOrEqual(narrow.width);
  });

  it('never covers a vertical column: with room for it whole on neither side, it is narrowed to the roomier side', () => {
    // A 640-wide window: a column at 300 has 286 to its left and 312 to its right, less than the popup wants.
    const narrow = { width: 640, height: 800 };
    const c = char(300, 100);
    const p = popupPlace(c, true, narrow, popup);
    expect(p.x).toBeGreaterThanOrEqual(c.right);
    expect(p.x + p.width).toBeLessThanOrEqual(narrow.width);
    expect(p.width).toBeLessThan(POPUP_WIDTH);
    const l = popupPlace(char(340, 100), true, narrow, popup);
    expect(l.x + l.width).toBeLessThanOrEqual(340);
    expect(l.x).toBeGreaterThanOrEqual(8);
    // Whole where it fits: the left first, else the right.
    expect(popupPlace(char(1150, 100), true, view, popup).width).toBe(POPUP_WIDTH);
    expect(POPUP_MIN_WIDTH).toBeLessThan(POPUP_WIDTH);
  });
});

describe('a kanji card opened from the popup', () => {
  const card = { width: 340, height: 260 };
  const box = (left: number, top: number, width = 350, height = 200) => ({ left, top, right: left + width, bottom: top + height });
  it('goes beside the popup on the side away from the word, level with its top', () => {
    expect(besidePlace(box(400, 120), 'right', view, card)).toEqual({ x: 756, y: 120 });
    expect(besidePlace(box(500, 120), 'left', view, card)).toEqual({ x: 154, y: 120 });
  });

  it('takes the other side when the preferred one has no room, and below the popup when neither has', () => {
    expect(besidePlace(box(820, 120), 'right', view, card)).toEqual({ x: 474, y: 120 });
    expect(besidePlace(box(100, 120), 'left', view, card)).toEqual({ x: 456, y: 120 });
    const small = { width: 700, height: 800 };
    const p = besidePlace(box(180, 100), 'right', small, card);
    expect(p.y).toBeGreaterThanOrEqual(306);
    expect(p.x + card.width).toBeLessThanOrEqual(small.width);
  });
});

