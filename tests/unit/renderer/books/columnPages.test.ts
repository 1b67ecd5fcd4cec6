import { describe, expect, it } from 'vitest';
import { linePitch, pageExtent, revealOffset, snapOffset, TEXT_SLACK, turnTarget, wholeLines } from '../../../../renderer/src/books/columnPages';

describe('whole-column pages', () => {
  it('a page is the whole lines that fit; blocks take whole lines', () => {
    expect(linePitch(22, 1.9)).toBe(42);
    expect(pageExtent(900, 42)).toBe(882);
    expect(pageExtent(30, 42)).toBe(42);
    expect(wholeLines(84, 42)).toBe(84);
    expect(wholeLines(84.4, 42)).toBe(84); // subpixel layout is no extra line
    expect(wholeLines(90, 42)).toBe(126);
    expect(wholeLines(0, 42)).toBe(42);
    // Text: a reading's overflow above the first line (a few pixels) is no extra line.
    expect(wholeLines(86.5, 42, TEXT_SLACK)).toBe(84);
    expect(wholeLines(86.5, 42)).toBe(126);
    expect(wholeLines(92, 42, TEXT_SLACK)).toBe(126);
  });

  it('snaps an offset to the grid, within the scroll range', () => {
    expect(snapOffset(100, 42, 10_000)).toBe(84);
    expect(snapOffset(100, 42, 10_000, 1)).toBe(126);
    expect(snapOffset(100, 42, 10_000, -1)).toBe(84);
    expect(snapOffset(126.3, 42, 10_000, 1)).toBe(126);
    expect(snapOffset(-5, 42, 10_000)).toBe(0);
    expect(snapOffset(9_999, 42, 1_000)).toBe(966);
  });

  it('turns by exactly one page from the line in view, to the end and back', () => {
    const page = 21 * 42;
    expect(turnTarget(0, page, 42, 100_000, 1)).toBe(page);
    expect(turnTarget(page, page, 42, 100_000, 1)).toBe(2 * page);
    expect(turnTarget(2 * page + 10, page, 42, 100_000, -1)).toBe(page);
    expect(turnTarget(page - 3, page, 42, 100_000, 1)).toBe(2 * page);
    // The last page ends where the scroll ends; back from it onto the grid again.
    expect(turnTarget(0, page, 42, 1_000, 1)).toBe(page);
    expect(turnTarget(page, page, 42, 1_000, 1)).toBe(1_000);
    expect(turnTarget(1_000, page, 42, 1_000, -1)).toBe(966 - page);
    expect(turnTarget(10, page, 42, 100_000, -1)).toBe(0);
  });

  it('reveals a block with the fewest whole lines, its start when it is larger than a page', () => {
    const page = 10 * 42;
    expect(revealOffset(420, page, 42, 100_000, 500, 600)).toBe(420);
    expect(revealOffset(420, page, 42, 100_000, 800, 900)).toBe(504); // its end at the page's end, on a line
    expect(revealOffset(420, page, 42, 100_000, 300, 400)).toBe(294);
    expect(revealOffset(420, page, 42, 100_000, 800, 2_000)).toBe(798);
  });
});
