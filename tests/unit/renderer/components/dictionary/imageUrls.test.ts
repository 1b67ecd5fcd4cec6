/** Dictionary images' blob URLs: made once per image, revoked once dropped, never while an image shows them. */
import { describe, expect, it } from 'vitest';
import { createImageUrlCache } from '../../../../../renderer/src/components/dictionary/imageUrls';

function cache(max: number) {
  const made: string[] = [];
  const revoked: string[] = [];
  const c = createImageUrlCache({
    max,
    make: (key) => {
      made.push(key);
      return Promise.resolve(key === 'none' ? null : `blob:${key}`);
    },
    revoke: (url) => revoked.push(url),
  });
  return { c, made, revoked };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('image URL cache', () => {
  it('makes one URL per image, however many popups show it', async () => {
    const { c, made } = cache(2);
    const a = c.acquire('a');
    const b = c.acquire('a');
    expect(await a.url).toBe('blob:a');
    expect(await b.url).toBe('blob:a');
    expect(made).toEqual(['a']);
  });

  it('past its size, revokes the oldest images no longer shown, and keeps the newer ones', async () => {
    const { c, revoked } = cache(2);
    for (const k of ['a', 'b', 'c', 'd']) c.acquire(k).release();
    await settle();
    expect(revoked).toEqual(['blob:a', 'blob:b']);
    expect(c.size).toBe(2);
  });

  it('never revokes an image still shown, and revokes it once it is released and the oldest', async () => {
    const { c, revoked } = cache(1);
    const shown = c.acquire('a');
    c.acquire('b').release();
    c.acquire('c').release();
    await settle();
    // 'a' keeps the one place while it shows; the others go.
    expect(revoked).toEqual(['blob:b', 'blob:c']);
    expect(await shown.url).toBe('blob:a');
    shown.release();
    c.acquire('d').release();
    await settle();
    expect(revoked).toEqual(['blob:b', 'blob:c', 'blob:a']);
  });

  it('a use makes an image young again; an image that had none revokes nothing', async () => {
    const { c, revoked, made } = cache(2);
    c.acquire('a').release();
    c.acquire('none').release();
    c.acquire('a').release();
    c.acquire('b').release();
    await settle();
    expect(revoked).toEqual([]);
    expect(c.size).toBe(2);
    // 'a' was used again after 'none': 'none' went first, and 'a' is still the one URL made for it.
    c.acquire('a').release();
    expect(made.filter((k) => k === 'a')).toHaveLength(1);
  });

  it('a second release of the same use changes nothing', async () => {
    const { c, revoked } = cache(1);
    const a1 = c.acquire('a');
    const a2 = c.acquire('a');
    a1.release();
    a1.release();
    c.acquire('b').release();
    await settle();
    // a2 still shows 'a': it stays.
    expect(revoked).toEqual(['blob:b']);
    a2.release();
    c.acquire('c').release();
    await settle();
    expect(revoked).toEqual(['blob:b', 'blob:a']);
  });
});
