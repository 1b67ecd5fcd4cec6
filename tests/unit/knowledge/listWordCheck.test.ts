/** Which word-list lines are words: the analyzer's own words, the dictionary's headwords, する verbs, forms its deinflection reaches whole. */
import { describe, expect, it } from 'vitest';
import { listWordCheck, type WordDictionary } from '../../../electron/core/knowledge/listWordCheck';
import type { WordKey } from '../../../shared/words';

const HEADWORDS = new Set(['猫/ねこ', '勉強/べんきょう', '猫舌/ねこじた']);
const dictionary: WordDictionary = {
  headword: (k: WordKey) => (HEADWORDS.has(`${k.term}/${k.reading}`) ? k : null),
  // The deinflection of 食べられた reaches 食べる over the whole line; of 猫犬 only 猫.
  lookup: (text: string) => (text === '食べられた' ? [{ matched: '食べられた' }] : text.startsWith('猫') ? [{ matched: '猫' }] : []),
};
const none: WordDictionary = { headword: () => null, lookup: () => [] };

describe('listWordCheck', () => {
  const check = listWordCheck(dictionary);
  it('takes one word the analyzer knows, with or without a dictionary', () => {
    expect(check('走った', { key: { term: '走る', reading: 'はしる' }, single: true })).toBe(true);
    expect(listWordCheck(none)('走った', { key: { term: '走る', reading: 'はしる' }, single: true })).toBe(true);
  });
  it('takes a compound the dictionary has as a headword, refuses one it lacks', () => {
    expect(check('猫舌', { key: { term: '猫舌', reading: 'ねこじた' }, single: false })).toBe(true);
    expect(check('猫犬', { key: { term: '猫犬', reading: 'ねこいぬ' }, single: false })).toBe(false);
    expect(listWordCheck(none)('猫舌', { key: { term: '猫舌', reading: 'ねこじた' }, single: false })).toBe(false);
  });
  it('takes a する verb whose noun is a headword, and a form deinflected as a whole', () => {
    expect(check('勉強する', { key: { term: '勉強する', reading: 'べんきょうする' }, single: false })).toBe(true);
    expect(check('散歩する', { key: { term: '散歩する', reading: 'さんぽする' }, single: false })).toBe(false);
    expect(check('食べられた', { key: { term: '食べられた', reading: 'たべられた' }, single: false })).toBe(true);
  });
  it('refuses a line of random kanji', () => {
    expect(check('鬱齉麤靐', { key: { term: '鬱齉麤靐', reading: 'うつ' }, single: false })).toBe(false);
  });
});
