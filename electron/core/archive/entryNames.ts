/**
 * Entry names as the archiver meant them. Bit 11 says UTF-8; without it the zip
 * standard means CP437, but Japanese archivers (Windows' own, Lhaplus, older 7-Zip)
 * write Shift_JIS, and many tools write UTF-8 without setting the bit. The Info-ZIP
 * Unicode Path extra field, when its CRC still matches the stored name, wins.
 */
import zlib from 'node:zlib';
import iconv from 'iconv-lite';

export interface RawName {
  bytes: Uint8Array;
  /** General purpose bit 11. */
  utf8: boolean;
  /** The 0x7075 extra field's data, when present. */
  unicodePath?: Uint8Array;
}

export type LegacyEncoding = 'cp437' | 'shift_jis';

const utf8 = new TextDecoder('utf-8');
const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const sjisStrict = new TextDecoder('shift_jis', { fatal: true });

function strict(decoder: { decode(bytes: Uint8Array): string }, bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Version 1, the CRC-32 of the stored name, the UTF-8 name. A CRC that no longer matches means a tool renamed the entry without knowing the field: ignored. */
function unicodePath(raw: RawName): string | undefined {
  const f = raw.unicodePath;
  if (!f || f.length < 5 || f[0] !== 1) return undefined;
  const crc = new DataView(f.buffer, f.byteOffset, f.byteLength).getUint32(1, true);
  return crc === zlib.crc32(raw.bytes) ? strict(utf8Strict, f.subarray(5)) : undefined;
}

const FULLWIDTH_KANA = /[\u3041-\u30ff]/g;
/** Ideographs, Japanese punctuation and full-width forms, half-width katakana. */
const OTHER_JAPANESE = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff5e\uff61-\uff9f]/g;
/** CP437's accented letters (0x80–0xA5, ß) next to an ASCII letter: how a European name reads. */
const EUROPEAN = /[A-Za-z][\u00c0-\u00ff]|[\u00c0-\u00ff][A-Za-z]/g;
const count = (s: string, re: RegExp) => s.match(re)?.length ?? 0;

/**
 * One encoding for all the names that are neither flagged nor valid UTF-8 (an archive
 * is written by one tool). Shift_JIS when every name is valid Shift_JIS and its
 * Japanese characters (full-width kana counting double: no European name yields
 * them) outnumber the accented letters inside words that a CP437 reading shows;
 * else CP437. `naïve` stays CP437 (its Shift_JIS reading is one kanji against one
 * accented letter); `第一章` reads as Shift_JIS (three kanji, no word letters around
 * CP437's `æµêΩÅ═`).
 */
export function legacyEncoding(names: readonly Uint8Array[]): LegacyEncoding {
  let japanese = 0;
  let european = 0;
  for (const bytes of names) {
    const sjis = strict(sjisStrict, bytes);
    if (sjis === undefined) return 'cp437';
    japanese += 2 * count(sjis, FULLWIDTH_KANA) + count(sjis, OTHER_JAPANESE);
    european += count(iconv.decode(Buffer.from(bytes), 'cp437'), EUROPEAN);
  }
  return japanese > european ? 'shift_jis' : 'cp437';
}

export function decodeEntryNames(raws: readonly RawName[]): string[] {
  const names: string[] = [];
  const legacy: number[] = [];
  raws.forEach((raw, i) => {
    const name = unicodePath(raw) ?? (raw.utf8 ? utf8.decode(raw.bytes) : strict(utf8Strict, raw.bytes));
    if (name === undefined) legacy.push(i);
    names[i] = name ?? '';
  });
  if (legacy.length === 0) return names;
  const encoding = legacyEncoding(legacy.map((i) => raws[i]!.bytes));
  for (const i of legacy) {
    const bytes = raws[i]!.bytes;
    names[i] = encoding === 'shift_jis' ? sjisStrict.decode(bytes) : iconv.decode(Buffer.from(bytes), 'cp437');
  }
  return names;
}
