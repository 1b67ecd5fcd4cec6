/** Katakana → hiragana by code point (ー and other marks unchanged), for matching readings. */
export function katakanaToHiragana(s: string): string {
  return s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}
