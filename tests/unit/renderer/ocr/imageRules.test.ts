import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, canSendOriginal, checkImageFile, dataUrlBytes, fitWithin, imageTypeOf, outputTypeFor } from '../../../../renderer/src/ocr/imageRules';

describe('image rules for OCR', () => {
  it('scales the long side down to 1600 px, keeping the aspect, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200, scale: 0.4 });
    expect(fitWithin(1000, 5000)).toEqual({ width: 320, height: 1600, scale: 0.32 });
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900, scale: 1 });
    expect(fitWithin(200, 100)).toEqual({ width: 200, height: 100, scale: 1 });
    expect(fitWithin(100_000, 10).height).toBe(1);
    expect(MAX_IMAGE_SIDE).toBe(1600);
  });

  it('accepts images by type or extension, refuses other files', () => {
    expect(imageTypeOf({ type: 'image/png', name: 'a' })).toBe('image/png');
    expect(imageTypeOf({ type: '', name: 'scan.JPG' })).toBe('image/jpeg');
    expect(imageTypeOf({ type: 'application/octet-stream', name: 'x.webp' })).toBe('image/webp');
    expect(imageTypeOf({ type: 'text/plain', name: 'notes.png' })).toBeUndefined();
    expect(imageTypeOf({ type: 'image/svg+xml', name: 'a.svg' })).toBeUndefined();
    expect(checkImageFile({ type: 'application/pdf', name: 'a.pdf', size: 10 })).toBe('notImage');
    expect(checkImageFile({ type: 'image/png', name: 'a.png', size: 100 * 1024 * 1024 })).toBe('tooLarge');
    expect(checkImageFile({ type: 'image/png', name: 'a.png', size: 100 })).toBeNull();
  });

  it('measures a data URL in bytes and sends originals only when small enough', () => {
    expect(dataUrlBytes('data:image/png;base64,AAAA')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,AAA=')).toBe(2);
    expect(dataUrlBytes('data:image/png;base64,AA==')).toBe(1);
    expect(canSendOriginal(1600, 1200, MAX_IMAGE_BYTES)).toBe(true);
    expect(canSendOriginal(1601, 10, 100)).toBe(false);
    expect(canSendOriginal(100, 100, MAX_IMAGE_BYTES + 1)).toBe(false);
  });

  it('keeps screenshots lossless and photos as JPEG', () => {
    expect(outputTypeFor('image/png')).toBe('image/png');
    expect(outputTypeFor('image/gif')).toBe('image/png');
    expect(outputTypeFor('image/jpeg')).toBe('image/jpeg');
    expect(outputTypeFor('image/webp')).toBe('image/jpeg');
  });
});
