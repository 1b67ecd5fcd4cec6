import type { PosGroup } from '../../../shared/domain';

/** The IPADIC tags kuromoji attaches to a token (only the ones the mapping reads). */
export interface PosTags {
  pos: string;
  pos_detail_1: string;
}

const WHITESPACE_ONLY = /^\s+$/u;
const PUNCT_OR_SYMBOL_ONLY = /^[\p{P}\p{S}]+$/u;
const PUNCT_ONLY = /^\p{P}+$/u;

/**
 * Punctuation or symbol judged from the characters alone. Used before the tags because
 * kuromoji tags unknown ASCII marks (`,` `!` `%`) as nouns (名詞,サ変接続).
 */
export function charClassPos(surface: string): 'punctuation' | 'symbol' | undefined {
  if (surface === '') return undefined;
  if (WHITESPACE_ONLY.test(surface)) return 'symbol';
  if (!PUNCT_OR_SYMBOL_ONLY.test(surface)) return undefined;
  return PUNCT_ONLY.test(surface) ? 'punctuation' : 'symbol';
}

const NOUN_DETAIL: Readonly<Record<string, PosGroup>> = {
  代名詞: 'pronoun',
  数: 'number',
  接尾: 'suffix',
  // 静か, 好き: na-adjectives are nouns in IPADIC; learners know them as adjectives.
  形容動詞語幹: 'adjective',
};

const SYMBOL_DETAIL: Readonly<Record<string, PosGroup>> = {
  句点: 'punctuation',
  読点: 'punctuation',
  括弧開: 'punctuation',
  括弧閉: 'punctuation',
  空白: 'symbol',
  アルファベット: 'other',
};

const MAIN_POS: Readonly<Record<string, PosGroup>> = {
  動詞: 'verb',
  形容詞: 'adjective',
  副詞: 'adverb',
  助詞: 'particle',
  助動詞: 'auxiliary',
  接続詞: 'conjunction',
  感動詞: 'interjection',
  フィラー: 'interjection',
  接頭詞: 'prefix',
  連体詞: 'prenominal',
};

/** Maps an IPADIC tag pair onto the app's part-of-speech set. */
export function mapPos(tags: PosTags, surface: string): PosGroup {
  const byChars = charClassPos(surface);
  if (byChars !== undefined) return byChars;
  if (tags.pos === '名詞') return NOUN_DETAIL[tags.pos_detail_1] ?? 'noun';
  if (tags.pos === '記号') {
    // kuromoji tags characters outside its tables (𠮷, a kanji beyond U+FFFF) as symbols.
    if (/\p{L}/u.test(surface)) return 'other';
    return SYMBOL_DETAIL[tags.pos_detail_1] ?? 'symbol';
  }
  return MAIN_POS[tags.pos] ?? 'other';
}

/** Part of speech of text the analyzer did not tag (gaps, emoji, stray characters). */
export function plainPos(text: string): PosGroup {
  const byChars = charClassPos(text);
  if (byChars !== undefined) return byChars;
  if (/^[0-9０-９]+$/u.test(text)) return 'number';
  return 'other';
}
