/** The hover popup beside the pointed character, never over the word it starts, and inside the window. */
import { describe, expect, it } from 'vitest';
import { POPUP_WIDTH, popupPlace } from '../../../../../renderer/src/components/dictionary/popupPlace';

const view = { width: 1200, height: 800 };
const popup = { width: POPUP_WIDTH, height: 180 };
const char = (left: number, top: number, size = 22) => ({ left, top, right: left + size, bottom: top + size });

describe('the hover popup', () => {
  it('goes below the line in horizontal text, from the character on', () => {
    expect(popupPlace(char(300, 200), false, view, popup)).toEqual({ x: 300, y: 228 });
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
});
