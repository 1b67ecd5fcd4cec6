/** Which text on screen is looked up ahead first: the places nearest the pointer, each text once. */
import { describe, expect, it } from 'vitest';
import { distanceTo, nearestTexts } from '../../../../../renderer/src/components/dictionary/textOnScreen';

const box = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });

describe('distance from the pointer', () => {
  it('is 0 inside a box, straight across beside it, diagonal off a corner', () => {
    expect(distanceTo(box(10, 10, 20, 30), { x: 15, y: 20 })).toBe(0);
    expect(distanceTo(box(10, 10, 20, 30), { x: 25, y: 20 })).toBe(5);
    expect(distanceTo(box(10, 10, 20, 30), { x: 15, y: 2 })).toBe(8);
    expect(distanceTo(box(10, 10, 20, 30), { x: 23, y: 34 })).toBe(5);
  });
});

describe('the texts looked up ahead', () => {
  const places = [
    { text: '遠い', distance: 300 },
    { text: '近く', distance: 2 },
    { text: null, distance: 1 },
    { text: '中ほど', distance: 40 },
    { text: '近く', distance: 3 },
  ];

  it('come nearest first, each once, places without text skipped', async () => {
    expect(await nearestTexts(places, 10, (p) => p.text)).toEqual(['近く', '中ほど', '遠い']);
  });

  it('stop at the limit, the farthest left out', async () => {
    expect(await nearestTexts(places, 2, (p) => p.text)).toEqual(['近く', '中ほど']);
  });

  it('leave the given places in their order', async () => {
    const copy = [...places];
    await nearestTexts(places, 10, (p) => p.text);
    expect(places).toEqual(copy);
  });

  it('let other work in between, before each place read, and none after the limit', async () => {
    const log: string[] = [];
    const texts = await nearestTexts(
      places,
      2,
      (p) => (log.push(`read ${p.text}`), p.text),
      () => (log.push('pause'), Promise.resolve()),
    );
    expect(texts).toEqual(['近く', '中ほど']);
    expect(log).toEqual(['pause', 'read null', 'pause', 'read 近く', 'pause', 'read 近く', 'pause', 'read 中ほど']);
  });
});
