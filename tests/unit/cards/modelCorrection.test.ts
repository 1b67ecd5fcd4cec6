import { describe, expect, it } from 'vitest';
import { modelHeadwordMatches, modelVerdict } from '../../../shared/modelCorrection';

const naite = { word: '泣いて', lemma: '泣く', key: { term: '泣く', reading: 'なく' } };

describe('the correction guard', () => {
  it('the model speaks of the clicked word: as written, its dictionary form, or its headword (kana in either script)', () => {
    expect(modelHeadwordMatches(naite, '泣く')).toBe(true);
    expect(modelHeadwordMatches(naite, ' 泣いて ')).toBe(true);
    expect(modelHeadwordMatches({ word: 'ネコ', key: { term: '猫', reading: 'ねこ' } }, 'ねこ')).toBe(true);
    expect(modelHeadwordMatches({ word: 'ネコ', key: { term: '猫', reading: 'ねこ' } }, '猫')).toBe(true);
  });

  it('another headword, or none, is not the clicked word', () => {
    expect(modelHeadwordMatches(naite, '鳴く')).toBe(false);
    expect(modelHeadwordMatches(naite, '泣き出す')).toBe(false);
    expect(modelHeadwordMatches(naite, '')).toBe(false);
    expect(modelHeadwordMatches(naite, undefined)).toBe(false);
    expect(modelHeadwordMatches({ word: '' }, '')).toBe(false);
  });

  it('a difference is a correction only from a model speaking of the word; otherwise its opinion', () => {
    expect(modelVerdict(naite, { dictionaryForm: '泣く' }, true)).toBe('correction');
    expect(modelVerdict(naite, { dictionaryForm: '鳴く' }, true)).toBe('opinion');
    expect(modelVerdict(naite, {}, true)).toBe('opinion');
    expect(modelVerdict(naite, { dictionaryForm: '鳴く' }, false)).toBe('agrees');
  });
});
