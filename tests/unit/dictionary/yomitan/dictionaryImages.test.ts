import { describe, expect, it } from 'vitest';
import { imagePaths, IMAGE_LIMITS, sniffImage } from '../../../../electron/core/dictionary/yomitan/dictionaryImages';
import { sanitizeContent } from '../../../../shared/structuredContent';
import { solidPng } from '../../../support/dictionary/pngImage';

const bytes = (...b: (number | string)[]) => Uint8Array.from(b.flatMap((x) => (typeof x === 'string' ? Array.from(x, (c) => c.charCodeAt(0)) : [x])));

describe('sniffImage', () => {
  it('knows PNG, JPEG, GIF, WebP and AVIF by their first bytes', () => {
    expect(sniffImage(solidPng(2, 2, [1, 2, 3]))).toBe('image/png');
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffImage(bytes('GIF89a', 1, 0))).toBe('image/gif');
    expect(sniffImage(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImage(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(bytes(0, 0, 0, 0x1c, 'ftypavif'))).toBe('image/avif');
  });

  it('refuses anything else whatever its name says: SVG (script), HTML, a WAVE file, text, truncated headers', () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImage(bytes('<!DOCTYPE html><img src=x onerror=alert(1)>'))).toBeNull();
    expect(sniffImage(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes('just text.png'))).toBeNull();
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('imagePaths', () => {
  it('collects every img path of a glossary tree once, and no more than the count limit', () => {
    const tree = sanitizeContent(['x', { tag: 'div', content: [{ tag: 'img', path: 'img/a.png' }, { tag: 'span', content: { tag: 'img', path: 'img/b.png' } }] }, { tag: 'img', path: 'img/a.png' }]);
    const into = new Set<string>();
    imagePaths(tree, into);
    expect([...into]).toEqual(['img/a.png', 'img/b.png']);
    const full = new Set(Array.from({ length: IMAGE_LIMITS.count }, (_, i) => `p${i}`));
    imagePaths(tree, full);
    expect(full.has('img/a.png')).toBe(false);
  });
});

describe('sanitizeContent for img', () => {
  it("keeps the schema's path, width, height, sizeUnits and title; bounds the size; drops the rest", () => {
    expect(sanitizeContent({ tag: 'img', path: 'img/a.png', width: 3, height: 2.5, sizeUnits: 'em', title: 'T', onerror: 'x()', src: 'https://evil/' })).toEqual({
      tag: 'img',
      path: 'img/a.png',
      width: 3,
      height: 2.5,
      sizeUnits: 'em',
      title: 'T',
    });
    expect(sanitizeContent({ tag: 'img', path: 'a.png', width: 1e9, height: -4, sizeUnits: 'vw' })).toEqual({ tag: 'img', path: 'a.png' });
  });
});
