/**
 * The analyzer's furigana checked against the dictionary. kuromoji reads every word, but a
 * reading it picks may be no reading of the word at all, or a rare one where the dictionary
 * marks another as common (第一毛を: 毛 read もう, the unit, where け, hair, is the word; 恐しい,
 * an old spelling it splits and reads こわし). The dictionary's common reading replaces such a
 * reading; a reading the dictionary agrees with stays, and so does a counter's or suffix's reading
 * in a compound (三人: にん), which is rare alone but right there.
 */
import type { Token } from '../../../shared/domain';
import type { WordKey } from '../../../shared/words';
import type { WrittenReading } from '../dictionary/writtenReadings';
import { toHiraganaReading } from '../analyzer/reading';

/** What the check asks the dictionary (DictionaryService answers it). */
export interface ReadingDictionary {
  /** The readings of the entries with this written form, most common first; empty when it has none. */
  readingsOf(written: string): readonly WrittenReading[];
  /** Written forms that are `head` + one or two kana + `tail` (恐 + しい: 恐ろしい), with their readings. */
  okuriganaVariants(head: string, tail: string): readonly { form: string; readings: readonly WrittenReading[] }[];
}

const KANJI = /[\p{Script=Han}\u3005\u3006\u30F6]/u;
const KANJI_AT_END = /[\p{Script=Han}\u3005\u3006\u30F6](?=[^\p{Script=Han}\u3005\u3006\u30F6]*$)/u;
const HIRAGANA_ONLY = /^[\u3041-\u3096\u30FC]+$/;
/** Tokens whose reading is not a word's: numbers (一 read いち or ひと by its counter), marks. */
const UNCHECKED = new Set<Token['pos']>(['number', 'symbol', 'punctuation', 'linebreak']);
/** What kuromoji splits a misread spelling into: the broken word is a verb or an adjective. */
const BROKEN = new Set<Token['pos']>(['verb', 'adjective']);
/** Kana tokens after the broken one that can be part of it (not particles): 恐し|い. */
const MAX_KANA_AFTER = 2;
/** 来る and する change their stem's reading with the form (来ない こ, 来た き): no stem to compare. */
const STEM_CHANGES = /(?:[来來]る|為る)$/u;

/** Kana and their voiced forms: a reading in a compound may start voiced (日曜日: び for ひ; 三杯: ばい for はい). */
const VOICED: Record<string, string> = {
  か: 'が', き: 'ぎ', く: 'ぐ', け: 'げ', こ: 'ご', さ: 'ざ', し: 'じ', す: 'ず', せ: 'ぜ', そ: 'ぞ', た: 'だ', ち: 'ぢ', つ: 'づ', て: 'で', と: 'ど',
  は: 'ばぱ', ひ: 'びぴ', ふ: 'ぶぷ', へ: 'べぺ', ほ: 'ぼぽ',
};

/** `given` is `reading`, or `reading` with its first kana voiced (rendaku). */
function sameReading(reading: string, given: string): boolean {
  if (reading === given) return true;
  if (reading.length !== given.length || reading.slice(1) !== given.slice(1)) return false;
  return VOICED[reading.charAt(0)]?.includes(given.charAt(0)) ?? false;
}

/** A written form as its kanji part (up to the last kanji) and the kana after it: 取り扱い → 取り扱 | い. */
export function splitOkurigana(written: string): { head: string; tail: string } {
  const m = KANJI_AT_END.exec(written);
  if (!m) return { head: '', tail: written };
  const end = m.index + m[0].length;
  return { head: written.slice(0, end), tail: written.slice(end) };
}

/** A token's reading as checked; `word` when the token is part of a spelling the analyzer misread (恐し → 恐ろしい). */
export interface CheckedReading {
  furigana: string;
  word?: WordKey;
}

/** The furigana token `i` should show: the analyzer's, unless the dictionary says otherwise. */
export function checkedReading(tokens: readonly Token[], i: number, dict: ReadingDictionary): CheckedReading {
  const t = tokens[i];
  if (!t || !KANJI.test(t.word) || UNCHECKED.has(t.pos)) return { furigana: t?.furigana ?? '' };
  return misreadSpelling(tokens, i, dict) ?? { furigana: tokenReading(t, dict) };
}

/**
 * A spelling the analyzer does not know, split into a verb or adjective and kana (恐し|い): read
 * as the one dictionary word it spells with okurigana left out (恐ろしい), when there is exactly
 * one. Null when that is not the case.
 */
function misreadSpelling(tokens: readonly Token[], i: number, dict: ReadingDictionary): CheckedReading | null {
  const t = tokens[i] as Token;
  if (!BROKEN.has(t.pos) || dict.readingsOf(t.word).length > 0) return null;
  const spans = [t.word];
  for (let n = 1; n <= MAX_KANA_AFTER; n++) {
    const next = tokens[i + n];
    if (!next || next.pos === 'particle' || !HIRAGANA_ONLY.test(next.word)) break;
    spans.push(spans[spans.length - 1] + next.word);
  }
  // The word was split: the broken token alone is an inflected form like any other (着い of 着いた).
  for (const text of spans.slice(1).reverse()) {
    const { head, tail } = splitOkurigana(text);
    if (!head || !tail) continue;
    const asWritten = dict.readingsOf(text);
    const forms = asWritten.length > 0 ? [{ form: text, readings: asWritten }] : dict.okuriganaVariants(head, tail);
    const readings = [...new Set(forms.flatMap((f) => f.readings.map((r) => r.reading)))];
    // None, or several words it could be (危い: 危ない or 危うい): the analyzer's reading stays.
    if (readings.length !== 1) continue;
    const whole = readings[0] as string;
    const tailKana = toHiraganaReading(tail);
    if (!whole.endsWith(tailKana) || whole.length === tailKana.length) continue;
    const furigana = whole.slice(0, whole.length - tailKana.length) + toHiraganaReading(t.word.slice(head.length));
    return { furigana, word: { term: forms[0]?.form ?? text, reading: whole } };
  }
  return null;
}

/** The token's reading checked against the readings of its written form (or, inflected, of its dictionary form's stem). */
function tokenReading(t: Token, dict: ReadingDictionary): string {
  const given = toHiraganaReading(t.furigana);
  let readings: readonly WrittenReading[];
  let stem = given;
  let ending = '';
  if (t.lemma && t.lemma !== t.word && KANJI.test(t.lemma)) {
    // 行っ/いっ and 行く/いく share the stem 行: the stem's readings are compared, the ending kept.
    if (STEM_CHANGES.test(t.lemma)) return t.furigana;
    const surface = splitOkurigana(t.word);
    const base = splitOkurigana(t.lemma);
    if (surface.head !== base.head) return t.furigana;
    ending = toHiraganaReading(surface.tail);
    const baseEnding = toHiraganaReading(base.tail);
    if (given && !given.endsWith(ending)) return t.furigana;
    stem = given.slice(0, given.length - ending.length);
    readings = dict
      .readingsOf(t.lemma)
      .filter((r) => r.reading.endsWith(baseEnding) && r.reading.length > baseEnding.length)
      .map((r) => ({ ...r, reading: r.reading.slice(0, r.reading.length - baseEnding.length) }));
  } else {
    readings = dict.readingsOf(t.word);
  }
  const best = readings[0];
  if (!best) return t.furigana;
  const mine = readings.find((r) => r.reading === stem) ?? (t.pos === 'suffix' || t.pos === 'noun' ? readings.find((r) => sameReading(r.reading, stem)) : undefined);
  if (mine && (mine.common || !best.common)) return t.furigana;
  // A counter's reading in a compound (三人: にん, 三足: そく) is right there, however rare alone.
  if (mine && t.pos === 'suffix' && mine.suffix) return t.furigana;
  return best.reading + ending;
}
