/**
 * Encodes text as Shift_JIS or EUC-JP for fixtures. Node has decoders but no
 * encoders for them, so the table is the decoder run backwards over every
 * two-byte sequence (first decoding wins, as the canonical one).
 */
const tables = new Map<string, Map<string, number[]>>();

function table(encoding: 'shift_jis' | 'euc-jp'): Map<string, number[]> {
  const known = tables.get(encoding);
  if (known) return known;
  const dec = new TextDecoder(encoding, { fatal: true });
  const map = new Map<string, number[]>();
  const leads = encoding === 'shift_jis' ? [...range(0x81, 0x9f), ...range(0xe0, 0xfc)] : range(0xa1, 0xfe);
  const trails = encoding === 'shift_jis' ? range(0x40, 0xfc) : range(0xa1, 0xfe);
  for (const a of leads) {
    for (const b of trails) {
      try {
        const ch = dec.decode(Uint8Array.of(a, b));
        if (ch.length >= 1 && !map.has(ch)) map.set(ch, [a, b]);
      } catch {
        // not a character in this encoding
      }
    }
  }
  tables.set(encoding, map);
  return map;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export function encodeLegacy(text: string, encoding: 'shift_jis' | 'euc-jp'): Uint8Array {
  const map = table(encoding);
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else {
      const b = map.get(ch);
      if (!b) throw new Error(`${encoding} cannot encode ${ch}`);
      out.push(...b);
    }
  }
  return Uint8Array.from(out);
}

/** UTF-16 bytes, with or without a BOM. */
export function encodeUtf16(text: string, endian: 'le' | 'be', bom: boolean): Uint8Array {
  const out: number[] = bom ? (endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (endian === 'le') out.push(c & 0xff, c >> 8);
    else out.push(c >> 8, c & 0xff);
  }
  return Uint8Array.from(out);
}
