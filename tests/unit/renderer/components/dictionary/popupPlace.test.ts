/** The hover popup beside the pointed character, never over the word it starts. */
import { describe, expect, it } from 'vitest';
import { POPUP_WIDTH, popupPlace } from '../../../../../renderer/src/components/dictionary/popupPlace';

const view = { width: 1200, height: 800 };
const char = (left: number, top: number, size = 22) => ({ left, top, right: left + size, bottom: top + size });

describe('the hover popup', () => {
  it('goes below the line in horizontal text, from the character on', () => {
    expect(popupPlace(char(300, 200), false, view)).toEqual({ x: 300, y: 228 });
  });

  it('stays inside the window near its right and bottom edges', () => {
    const p = popupPlace(char(1150, 790), false, view);
    expect(p.x + POPUP_WIDTH).toBeLessThanOrEqual(view.width);
    expect(p.y).toBeLessThan(view.height);
  });

  it("goes left of the column in vertical text (the word runs down, the next columns are to the left), level with the character", () => {
    const p = popupPlace(char(900, 300), true, view);
    expect(p.x + POPUP_WIDTH).toBeLessThanOrEqual(900);
    expect(p.y).toBe(300);
  });

  it('goes right of a vertical column that has no room on its left', () => {
    const p = popupPlace(char(120, 100), true, view);
    expect(p.x).toBeGreaterThanOrEqual(142);
  });

  it('starts high enough in vertical text for its greatest height (half the window) to fit', () => {
    expect(popupPlace(char(900, 700), true, view).y).toBeLessThanOrEqual(view.height / 2);
  });
});
