/** Rules for images sent to OCR: which files, how large, how far to scale. No DOM here. */
import { IMAGE_DATA_MAX_BYTES } from '../../../shared/limits';

export const MAX_IMAGE_SIDE = 1600;
/** The core's limit for either door (shared/limits.ts). */
export const MAX_IMAGE_BYTES = IMAGE_DATA_MAX_BYTES;
/** Larger inputs are not even decoded: a phone photo is far below this. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

const TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/bmp'] as const;
const EXTENSIONS: Record<string, (typeof TYPES)[number]> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
};

export type ImageRefusal = 'notImage' | 'tooLarge';

/** The image type of a file from its MIME type, else its extension; undefined when it is not one we read. */
export function imageTypeOf(file: { type: string; name: string }): string | undefined {
  const type = file.type.toLowerCase();
  if ((TYPES as readonly string[]).includes(type)) return type === 'image/jpg' ? 'image/jpeg' : type;
  if (type !== '' && type !== 'application/octet-stream') return undefined;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext ? EXTENSIONS[ext] : undefined;
}

export function checkImageFile(file: { type: string; name: string; size: number }): ImageRefusal | null {
  if (!imageTypeOf(file)) return 'notImage';
  if (file.size > MAX_INPUT_BYTES) return 'tooLarge';
  return null;
}

/** Target size for an image: at most `max` pixels on the long side, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number; scale: number } {
  const long = Math.max(width, height);
  if (long <= max || long <= 0) return { width, height, scale: 1 };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scale };
}

/** Bytes encoded by a base64 data URL. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const b64 = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  const clean = b64.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/**
 * The format a scaled image is encoded in: screenshots (PNG, GIF, BMP) stay
 * lossless so small kana keep their strokes; photos go to JPEG.
 */
export function outputTypeFor(inputType: string): 'image/png' | 'image/jpeg' {
  return inputType === 'image/jpeg' || inputType === 'image/webp' ? 'image/jpeg' : 'image/png';
}

/** Whether the original file can be sent as is (small enough in pixels and bytes). */
export function canSendOriginal(width: number, height: number, bytes: number): boolean {
  return Math.max(width, height) <= MAX_IMAGE_SIDE && bytes <= MAX_IMAGE_BYTES;
}
