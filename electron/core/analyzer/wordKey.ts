/**
 * The analyzer's side of word identity: whether a kuromoji token is a word coverage counts,
 * and the key it counts as, from its base form and that base form's reading. The core then
 * normalises the key to the dictionary's headword (electron/core/words/wordIdentity.ts).
 */
import type { WordKey } from '../../../shared/words';
import { JAPANESE_CHAR } from '../../../shared/japaneseScript';
import { toHiraganaReading } from './reading';

/** IPADIC sub-tags of a content word's part of speech that make it not counted (the `Coverage` rules). */
const NOT_COUNTED: Readonly<Record<string, ReadonlySet<string>>> = {
  // こと, もの, の (非自立); numerals; names; 〜さん, 〜的 (接尾); そう of そうだ (特殊); ちょうだい (動詞非自立的).
  名詞: new Set(['非自立', '数', '固有名詞', '接尾', '特殊', '動詞非自立的']),
  // the いる of 〜ている, しまう of 〜てしまう (非自立); られる, させる (接尾).
  動詞: new Set(['非自立', '接尾']),
  形容詞: new Set(['非自立', '接尾']),
};
const COUNTED_POS = new Set(['名詞', '動詞', '形容詞', '副詞', '連体詞', '接続詞', '感動詞', 'フィラー']);

/** The kuromoji features word identity reads (a subset of tokenize.ts's RawToken). */
export interface WordFeatures {
  surface_form: string;
  pos: string;
  pos_detail_1: string;
  basic_form: string;
  conjugated_type?: string;
}

export function isCountedWord(raw: Pick<WordFeatures, 'pos' | 'pos_detail_1' | 'surface_form'>): boolean {
  if (!COUNTED_POS.has(raw.pos)) return false;
  if (NOT_COUNTED[raw.pos]?.has(raw.pos_detail_1)) return false;
  // kuromoji tags Latin words and stray letters as nouns: only Japanese text is a Japanese word.
  return JAPANESE_CHAR.test(raw.surface_form);
}

const KANA_ONLY = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]*$/u;

/**
 * The base form's reading, from the surface's: the surface and the base form share a stem
 * (泣い/泣く, 高かっ/高い, し/する), so the surface reading minus the surface's kana ending plus
 * the base form's kana ending reads the base form (なく, たかい, する). 来る conjugates its stem's
 * reading (こ, き, く), so it is read くる whatever the surface. Empty when it cannot be told.
 */
export function baseReading(surface: string, surfaceReading: string, base: string, conjugationType?: string): string {
  if (surface === base) return surfaceReading;
  if (conjugationType?.startsWith('カ変') && /(?:来|く)る$/u.test(base)) {
    const stem = base.slice(0, -2);
    return KANA_ONLY.test(stem) ? toHiraganaReading(stem) + 'くる' : '';
  }
  let shared = 0;
  while (shared < surface.length && shared < base.length && surface[shared] === base[shared]) shared++;
  const surfaceEnd = toHiraganaReading(surface.slice(shared));
  const baseEnd = base.slice(shared);
  if (!KANA_ONLY.test(surface.slice(shared)) || !KANA_ONLY.test(baseEnd) || !surfaceReading.endsWith(surfaceEnd)) return '';
  return surfaceReading.slice(0, surfaceReading.length - surfaceEnd.length) + toHiraganaReading(baseEnd);
}

/**
 * The key of a counted word as the analyzer sees it, before the dictionary has its say. A
 * kana-only form is keyed in hiragana (ネコ and ねこ are one word until a dictionary says which).
 */
export function analyzerWordKey(raw: WordFeatures, surfaceReading: string): WordKey | undefined {
  if (!isCountedWord(raw)) return undefined;
  const surface = raw.surface_form;
  const base = raw.basic_form !== '' && raw.basic_form !== '*' ? raw.basic_form : surface;
  const reading = baseReading(surface, surfaceReading, base, raw.conjugated_type);
  const term = KANA_ONLY.test(base) ? toHiraganaReading(base) : base;
  return { term, reading: reading || (KANA_ONLY.test(base) ? term : surfaceReading) };
}
