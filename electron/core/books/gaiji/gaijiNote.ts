import { jisX0213 } from './jisX0213';

/**
 * What a transcriber's note says about a character outside JIS X 0208 (Aozora
 * Bunko's gaiji notes): the character itself when the note gives its code, and
 * always the description.
 */
export interface Gaiji {
  char?: string;
  description: string;
}

/** Full-width digits, hyphens and plus signs as the ASCII the codes are read in. */
const ascii = (s: string) =>
  s.replace(/[０-９Ａ-Ｆａ-ｆ＋]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[－‐−]/g, '-');

/** `第3水準1-84-77`, `第4水準2-12-93`, or a bare `1-13-21`: plane, row, cell. */
const JIS = /^(?:第\d水準)?([12])-(\d{1,2})-(\d{1,2})$/;
/** `U+546D`, `u+20000`, `UCS-546D`. */
const UNICODE = /^(?:U\+|UCS-)([0-9A-F]{4,6})$/i;
/** Where the character was found in the source edition: `216-8`, `66-上-2`, `32-本文-3`, `ページ数-行数`. */
const PAGE = /^(\d+|ページ数)-(?:[^-、]+-)?(\d+|行数)$/;

/** A field that is a code: the character (undefined when the code has none); not a code: null. */
function codeOf(field: string): string | undefined | null {
  const f = ascii(field.trim());
  const jis = JIS.exec(f);
  if (jis) return jisX0213(Number(jis[1]), Number(jis[2]), Number(jis[3]));
  const uni = UNICODE.exec(f);
  if (!uni) return null;
  const cp = parseInt(uni[1]!, 16);
  // No controls, surrogates or non-characters from a typo in a note.
  if (cp < 0x20 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff || (cp & 0xfffe) === 0xfffe) return undefined;
  return String.fromCodePoint(cp);
}

/** 「口＋世」 or 「彑／（「比」の間に「矢」）」 as a whole: brackets that only quote the description. */
function unquoted(s: string): string {
  if (!s.startsWith('「') || !s.endsWith('」')) return s;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '「') depth++;
    else if (s[i] === '」' && --depth === 0 && i < s.length - 1) return s;
  }
  return s.slice(1, -1);
}

/** Splits at the 、 that separate fields, never at one inside 「…」 (descriptions nest them). */
function fields(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '「') depth++;
    else if (c === '」') depth = Math.max(0, depth - 1);
    else if (c === '、' && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out;
}

/**
 * Reads a gaiji note's body, the text inside ［＃…］ (or the parentheses of an
 * XHTML edition's `alt="※(…)"`): `「てへん＋丑」、第4水準2-12-93` gives 扭's
 * code, `「口＋世」、U+546D、28-9` a code point, `感嘆符二つ、1-8-75` a symbol.
 * The description is what remains without the code and the page reference.
 */
export function readGaijiNote(body: string): Gaiji {
  const parts = fields(body.trim());
  let char: string | undefined;
  const described: string[] = [];
  for (const f of parts) {
    const code = codeOf(f);
    if (code !== null) char ??= code;
    else if (!PAGE.test(ascii(f.trim())) && f.trim() !== '') described.push(f.trim());
  }
  const description = unquoted(described.join('、'));
  return char !== undefined ? { char, description } : { description };
}
