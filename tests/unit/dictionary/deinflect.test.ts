import { describe, expect, it } from 'vitest';
import { deinflect } from '../../../electron/core/dictionary/deinflect';
import { WordClass } from '../../../electron/core/dictionary/wordClass';

/** The candidate for `term`; with `cls`, the one of that class (a form can deinflect several ways). */
const find = (text: string, term: string, cls?: number) => deinflect(text).find((c) => c.term === term && (cls === undefined || c.classes === cls));

describe('deinflection table', () => {
  it('takes past, te-form and negative back to the dictionary form of each verb class', () => {
    expect(find('食べた', '食べる')).toMatchObject({ classes: WordClass.v1, reasons: ['past'] });
    expect(find('読んだ', '読む')).toMatchObject({ classes: WordClass.v5 });
    expect(find('行った', '行く')).toMatchObject({ classes: WordClass.v5 });
    expect(find('来なかった', '来る', WordClass.vk)).toMatchObject({ reasons: ['negative', 'past'] });
    expect(find('勉強しない', '勉強する')).toMatchObject({ classes: WordClass.vs });
    expect(find('高くなかった', '高い')).toMatchObject({ classes: WordClass.adjI });
  });

  it('chains rules: 食べられなかった → 食べる through potential, negative and past', () => {
    expect(find('食べられなかった', '食べる')).toMatchObject({ classes: WordClass.v1, reasons: ['potential or passive', 'negative', 'past'] });
  });

  it('takes an auxiliary after the te-form off: 見せてくれる → 見せる', () => {
    expect(find('見せてくれる', '見せる')).toMatchObject({ classes: WordClass.v1, reasons: ['te', '-te くれる'] });
    expect(find('読んでしまった', '読む')?.classes).toBe(WordClass.v5);
    expect(find('食べちゃった', '食べる')?.classes).toBe(WordClass.v1);
  });

  it('polite forms go through the masu stem', () => {
    expect(find('読みませんでした', '読む')).toMatchObject({ classes: WordClass.v5, reasons: ['masu stem', 'polite'] });
    expect(find('食べたい', '食べる')?.classes).toBe(WordClass.v1);
  });

  it('keeps the text itself first, with no class restriction, and never reduces a bare ending to a word', () => {
    const all = deinflect('食べた');
    expect(all[0]).toMatchObject({ term: '食べた', reasons: [] });
    expect(deinflect('た').map((c) => c.term)).toEqual(['た']);
  });

  it('does not turn a plain noun into a verb it is not', () => {
    // 東京 has no inflected ending: only the text itself.
    expect(deinflect('東京').map((c) => c.term)).toEqual(['東京']);
  });
});
