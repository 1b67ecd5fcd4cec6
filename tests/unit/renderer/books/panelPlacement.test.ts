import { describe, expect, it } from 'vitest';
import { panelPlacement } from '../../../../renderer/src/books/panelPlacement';

const body = { left: 0, right: 1200, top: 0, bottom: 700 };
const at = (x: number, y: number) => ({ left: x, right: x + 40, top: y, bottom: y + 22 });
const overlaps = (a: { left: number; right: number }, b: { left: number; right: number }) => a.left < b.right && b.left < a.right;

describe('the floating word panel', () => {
  it('takes the side with more room, never over the word', () => {
    expect(panelPlacement(body, at(900, 100), 340)).toEqual({ side: 'left' });
    expect(panelPlacement(body, at(200, 100), 340)).toEqual({ side: 'right' });
    for (const x of [0, 300, 580, 860, 1160]) {
      const word = at(x, 300);
      const { side } = panelPlacement(body, word, 340);
      const panel = side === 'left' ? { left: 12, right: 352 } : { left: 1200 - 352, right: 1188 };
      expect(overlaps(panel, word), `word at ${x}`).toBe(false);
    }
  });

  it('in a narrow window, over the half away from the word, no taller than the room there', () => {
    const narrow = { left: 0, right: 500, top: 0, bottom: 700 };
    expect(panelPlacement(narrow, at(230, 100), 340)).toEqual({ side: 'bottom', maxHeight: 700 - 122 - 24 });
    expect(panelPlacement(narrow, at(230, 600), 340)).toEqual({ side: 'top', maxHeight: 600 - 24 });
  });

  it('with no word known, on the right', () => {
    expect(panelPlacement(body, null, 340)).toEqual({ side: 'right' });
  });
});
