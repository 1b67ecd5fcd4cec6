import type { PosGroup } from '../../../shared/domain';

/**
 * Words that name each group in the model's free-text `pos` (English, Japanese
 * grammar terms, and the UI locales). Checked in this order: the more specific
 * names first, since 'adverb' contains 'verb', 助動詞 contains 動詞, 대명사 contains 명사.
 */
const NAMES: ReadonlyArray<readonly [PosGroup, readonly string[]]> = [
  ['auxiliary', ['auxiliary', '助動詞', '助动词', '조동사']],
  ['pronoun', ['pronoun', '代名詞', '代名词', '代词', '代詞', '대명사']],
  ['interjection', ['interjection', '感動詞', '感动词', '感嘆詞', '感叹词', '叹词', '嘆詞', '감탄사']],
  ['conjunction', ['conjunction', '接続詞', '接续词', '連詞', '连词', '連接詞', '接續詞', '접속사']],
  ['prenominal', ['prenominal', 'adnominal', '連体詞', '连体词', '連體詞', '연체사']],
  ['particle', ['particle', '助詞', '助词', '조사']],
  ['prefix', ['prefix', '接頭', '接头', '前缀', '前綴', '접두']],
  ['suffix', ['suffix', '接尾', '后缀', '後綴', '접미']],
  ['adverb', ['adverb', '副詞', '副词', '부사']],
  ['adjective', ['adjective', '形容詞', '形容动词', '形容词', '形容動詞', '형용사', '형용동사']],
  ['verb', ['verb', '動詞', '动词', '동사']],
  ['number', ['numeral', 'number', '数詞', '数词', '數詞', '수사']],
  ['noun', ['noun', '名詞', '名词', '명사']],
  ['punctuation', ['punctuation', '句読点', '标点', '標點', '구두점', '문장 부호']],
  ['symbol', ['symbol', '記号', '符号', '符號', '기호']],
];

/** The group a model's part-of-speech text names, or null when it names none we know. */
export function posGroupOf(pos: string | undefined): PosGroup | null {
  const s = (pos ?? '').trim().toLowerCase();
  if (!s) return null;
  for (const [group, names] of NAMES) if (names.some((n) => s.includes(n))) return group;
  return null;
}

/** The model's group when it disagrees with the analysis (tokens without a meaningful group never count). */
export function correctedPos(tokenPos: PosGroup, modelPos: string | undefined): PosGroup | null {
  if (tokenPos === 'other' || tokenPos === 'linebreak') return null;
  const group = posGroupOf(modelPos);
  return group && group !== tokenPos ? group : null;
}
