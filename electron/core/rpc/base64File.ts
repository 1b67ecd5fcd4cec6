/**
 * A file sent as base64 in a method's arguments (`books.import`), decoded a slice at a
 * time: a 48 MB book is 64 MB of text, whose checking and decoding in one go would hold
 * every other request back for a tenth of a second or more.
 */

/** Characters decoded per turn (a multiple of 4): a few milliseconds of work. */
const SLICE_CHARS = 1 << 20;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The bytes, or undefined when the text is not base64 (whitespace is allowed and skipped, as MIME line breaks). */
export async function decodeBase64File(text: string): Promise<Uint8Array | undefined> {
  const out = Buffer.allocUnsafe(Math.ceil(text.length / 4) * 3);
  let written = 0;
  let carry = '';
  for (let at = 0; at < text.length; at += SLICE_CHARS) {
    const last = at + SLICE_CHARS >= text.length;
    let part = carry + text.slice(at, at + SLICE_CHARS).replace(/\s+/g, '');
    // Whole quanta only, except at the very end: padding may only end the text.
    const keep = last ? 0 : part.length % 4;
    carry = part.slice(part.length - keep);
    part = part.slice(0, part.length - keep);
    if (!BASE64.test(part) || (!last && part.endsWith('=')) || (last && part.length % 4 === 1)) return undefined;
    written += out.write(part, written, 'base64');
    if (!last) await nextTurn();
  }
  return new Uint8Array(out.buffer, out.byteOffset, written);
}
