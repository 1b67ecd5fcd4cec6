/**
 * The deinflection rules, family by family, on real words (tests/support/inflectionCases.ts);
 * the tables here list what must not come out.
 */
import { describe, expect, it } from 'vitest';
import { INFLECTION_REASONS } from '../../../shared/inflections';
import { deinflect } from '../../../electron/core/dictionary/deinflect';
import { RULES } from '../../../electron/core/dictionary/inflectionRules';
import { WordClass } from '../../../electron/core/dictionary/wordClass';
import { INFLECTION_CASES } from '../../support/inflectionCases';

type ClassName = keyof typeof WordClass;

/** `text term class`: no candidate of that class for that term (the chain would end on the wrong class). */
const MUST_NOT = [
  '食べた 食べる v5', '書いた 書く v1', '書いた 書く vk', '来た 来る v5', 'こない くる v1', '書かれる 書く v1', '食べさす 食べる v5', '高かった 高い v1',
  '行った 行く v1', 'しない する v1', '食べられる 食べる vk', '待たされる 待つ v1', '食べとる 食べる v5', 'すげえ すごい v1', '論じた 論ずる v1',
  '為ない 為る v5', 'いらっしゃいます いらっしゃる v1', '来ず 来る v5', '勉強した 勉強 noun', '静かや 静か noun',
];

/** `text term`: no candidate at all for that term (the rule does not exist, or the text is not inflected). */
const NEVER = [
  'た る', 'ない る', 'よう る', 'ます る', '東京 東京る', '好きな 好く', 'みんな 見る', '本や 本え', 'さ い', 'て る', 'ちゃ て', 'っす ',
  '学生 学す', '食べ物 食べる', '大きな 大きい', '行こう 行こ', 'して す',
];

const cases = INFLECTION_CASES.map((c) => ({ ...c, cls: c.cls as ClassName }));

describe('deinflection rules on real words', () => {
  it('lists several hundred cases, every family, every reason code a real one', () => {
    expect(cases.length).toBeGreaterThan(400);
    const known = new Set<string>(INFLECTION_REASONS);
    for (const c of cases) {
      expect(WordClass[c.cls], `${c.text}: class ${c.cls}`).toBeDefined();
      for (const r of c.reasons ?? []) expect(known.has(r), `${c.text}: reason ${r}`).toBe(true);
    }
  });

  it.each(cases)('$family: $text → $term ($cls)', ({ text, term, cls, reasons }) => {
    // ～っす takes any word: its result has the class every entry has.
    const found = deinflect(text).filter((c) => c.term === term && (c.classes & (WordClass[cls] | WordClass.word)) !== 0);
    expect(found.length, `${text} does not reach ${term} as ${cls}: ${deinflect(text).map((c) => `${c.term}[${c.reasons.join('›')}]`).join(' ')}`).toBeGreaterThan(0);
    if (reasons) expect(found.map((c) => c.reasons)).toContainEqual(reasons);
  });

  it.each(MUST_NOT.map((l) => l.split(' ') as [string, string, ClassName]))('%s never ends on %s as %s', (text, term, cls) => {
    expect(deinflect(text).filter((c) => c.term === term && c.reasons.length > 0 && (c.classes & WordClass[cls]) !== 0)).toEqual([]);
  });

  it.each(NEVER.map((l) => l.split(' ') as [string, string]))('%s never gives %s', (text, term) => {
    expect(deinflect(text).filter((c) => c.term === term && c.reasons.length > 0)).toEqual([]);
  });

  it('keeps the text itself first, with no class restriction and no reasons', () => {
    expect(deinflect('食べた')[0]).toMatchObject({ term: '食べた', reasons: [] });
    expect(deinflect('東京').map((c) => c.term)).toEqual(['東京']);
  });

  it('gives fewer steps first: 食べられる before 食べる', () => {
    const terms = deinflect('食べられなかった').map((c) => c.term);
    expect(terms.indexOf('食べられる')).toBeLessThan(terms.indexOf('食べる'));
  });

  it('every rule names its classes and reasons, and no ending is empty', () => {
    const known = new Set<string>(INFLECTION_REASONS);
    for (const r of RULES) {
      expect(r.from).not.toBe('');
      expect(r.in).toBeGreaterThan(0);
      expect(r.out).toBeGreaterThan(0);
      for (const reason of r.reasons) expect(known.has(reason)).toBe(true);
    }
  });

  it('every reason code is used by some rule, except the analyzer’s', () => {
    const used = new Set(RULES.flatMap((r) => r.reasons));
    expect(INFLECTION_REASONS.filter((r) => !used.has(r))).toEqual(['analyzer']);
  });
});
