/**
 * A character of Japanese text: kanji, kana, 々〆〇 and the long vowel marks (ー is in Unicode's
 * Common script, not Katakana). One definition for the analyzer and for what the renderer looks up.
 */
export const JAPANESE_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005-\u3007\u30FC\uFF70]/u;
