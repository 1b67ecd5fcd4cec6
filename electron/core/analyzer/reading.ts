import { toHiragana } from 'wanakana';
import { JAPANESE_CHAR } from '../../../shared/japaneseScript';

/** Kana only (full or half width, with sound and long vowel marks), so the surface itself is the reading. */
const ALL_KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}\u3099-\u309C\u30FC\uFF70\uFF9E\uFF9F]+$/u;

/** wanakana takes ~15 µs a call; words repeat, so results are memoised (bounded, cleared when full). */
const memo = new Map<string, string>();
const MEMO_MAX = 50_000;

/** Katakana → hiragana, keeping ー as written (ラーメン → らーめん, not らあめん). */
export function toHiraganaReading(kana: string): string {
  let hira = memo.get(kana);
  if (hira === undefined) {
    hira = toHiragana(kana, { convertLongVowelMark: false, passRomaji: true });
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(kana, hira);
  }
  return hira;
}

/**
 * Reading in hiragana for a token. Empty when the surface has nothing Japanese in it
 * (Latin, digits, symbols, emoji, punctuation) or the analyzer does not know it.
 */
export function readingFor(surface: string, analyzerReading?: string): string {
  if (!JAPANESE_CHAR.test(surface)) return '';
  // NFKC first: wanakana leaves half-width katakana (ﾗｰﾒﾝ) and squared words (㌀) alone.
  if (ALL_KANA.test(surface)) return toHiraganaReading(surface.normalize('NFKC'));
  if (analyzerReading === undefined || analyzerReading === '' || analyzerReading === '*') return '';
  return toHiraganaReading(analyzerReading);
}

/**
 * A reading a model gave, as the app shows readings: hiragana (katakana converted,
 * ー kept), or empty when it is not kana at all (romaji, kanji, a gloss).
 */
export function kanaReadingOrEmpty(reading: string): string {
  const r = reading.trim();
  return r !== '' && ALL_KANA.test(r) ? toHiraganaReading(r.normalize('NFKC')) : '';
}
