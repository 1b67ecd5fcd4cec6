/** Character classes the reader needs; no DOM, so unit tests run in Node. */

// CJK ideographs (incl. extension A, compatibility, and the supplementary planes) plus 々 〆 〇 ヶ,
// which are read like kanji and take furigana.
const KANJI = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u3005\u3006\u3007\u30F6]|[\u{20000}-\u{2FA1F}]/u;
const KANA_CHAR = /^[\u3041-\u309F\u30A0-\u30FF\u31F0-\u31FF\uFF66-\uFF9F]$/;

export function hasKanji(text: string): boolean {
  return KANJI.test(text);
}

export function isKanjiChar(ch: string): boolean {
  return KANJI.test(ch);
}

export function isKanaChar(ch: string): boolean {
  return KANA_CHAR.test(ch);
}

/** Katakana → hiragana by code point (ヴ → ゔ); everything else unchanged. */
export function toHiragana(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out += c >= 0x30a1 && c <= 0x30f6 ? String.fromCodePoint(c - 0x60) : ch;
  }
  return out;
}

/** True for text made only of Japanese kana (and the long-vowel mark). */
export function isKanaOnly(text: string): boolean {
  if (text === '') return false;
  for (const ch of text) if (!isKanaChar(ch)) return false;
  return true;
}
