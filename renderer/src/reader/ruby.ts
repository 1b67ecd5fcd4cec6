import type { Token } from '../../../shared/domain';
import { hasKanji, isKanjiChar, toHiragana } from './kana';

/** One piece of a token as displayed: plain text, or kanji with its reading on top. */
export interface RubyPart {
  base: string;
  rt?: string;
}

/**
 * Furigana belongs over a token only when it has kanji and a reading that says
 * something: not over kana, symbols or Latin text, and not when the reading
 * merely repeats the word (a katakana word "read" in hiragana).
 */
export function needsRuby(token: Pick<Token, 'word' | 'furigana'>): boolean {
  const reading = token.furigana.trim();
  if (reading === '' || !hasKanji(token.word)) return false;
  return toHiragana(reading) !== toHiragana(token.word);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits a word and its reading so furigana sits over the kanji only:
 * 食べる/たべる → 食(た) べる; お茶/おちゃ → お 茶(ちゃ); 取り扱い/とりあつかい → 取(と) り 扱(あつか) い.
 * When the kana of the word cannot be matched in the reading, the whole word gets
 * the whole reading, which is never wrong, only less precise.
 */
export function rubyParts(word: string, reading: string): RubyPart[] {
  if (!needsRuby({ word, furigana: reading })) return [{ base: word }];
  const hira = toHiragana(reading.trim());
  // Runs of kanji and of everything else, in order.
  const runs: Array<{ text: string; kanji: boolean }> = [];
  for (const ch of word) {
    const kanji = isKanjiChar(ch);
    const last = runs[runs.length - 1];
    if (last && last.kanji === kanji) last.text += ch;
    else runs.push({ text: ch, kanji });
  }
  const pattern = runs.map((r) => (r.kanji ? '(.+?)' : `(${escapeRe(toHiragana(r.text))})`)).join('');
  const m = new RegExp(`^${pattern}$`, 'u').exec(hira);
  if (!m) return [{ base: word, rt: reading.trim() }];
  return runs.map((r, i) => (r.kanji ? { base: r.text, rt: m[i + 1]! } : { base: r.text }));
}
