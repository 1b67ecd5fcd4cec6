/** Katakana → hiragana by code point (ー and other marks unchanged), for matching readings. */
export function katakanaToHiragana(s: string): string {
  return s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** Hiragana → katakana by code point: a kana key (こーひー) is also looked up as the dictionary may spell it (コーヒー). */
export function hiraganaToKatakana(s: string): string {
  return s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}
