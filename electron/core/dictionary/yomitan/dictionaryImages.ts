/**
 * The images a Yomitan dictionary's structured content shows (`img` elements and `image`
 * glossary items with a `path` into the zip): only those the terms refer to are imported,
 * only as the image types their first bytes prove (never by the file's name: no SVG, which
 * can carry script), each and all together bounded so a dictionary cannot fill the disk.
 */
import type { StructuredContent } from '../../../../shared/structuredContent';

const MiB = 1024 * 1024;

export const IMAGE_LIMITS = {
  /** Images one dictionary may bring. */
  count: 20_000,
  /** One image's bytes; larger ones are left out (their title stands in). */
  bytes: 2 * MiB,
  /** All images together. */
  totalBytes: 256 * MiB,
};

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/avif';

const starts = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** The image type the bytes are, by their magic number; null for anything else. */
export function sniffImage(b: Uint8Array): ImageType | null {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(b, ascii('GIF87a')) || starts(b, ascii('GIF89a'))) return 'image/gif';
  if (starts(b, ascii('RIFF')) && starts(b, ascii('WEBP'), 8)) return 'image/webp';
  if (starts(b, ascii('ftypavif'), 4)) return 'image/avif';
  return null;
}

/** The image paths a glossary's rich content refers to, added to `into` (up to the count limit). */
export function imagePaths(node: StructuredContent | undefined, into: Set<string>, depth = 0): void {
  if (node === undefined || typeof node === 'string' || depth > 40 || into.size >= IMAGE_LIMITS.count) return;
  if (Array.isArray(node)) {
    for (const n of node) imagePaths(n, into, depth + 1);
    return;
  }
  if (node.tag === 'img' && node.path) into.add(node.path);
  imagePaths(node.content, into, depth + 1);
}
