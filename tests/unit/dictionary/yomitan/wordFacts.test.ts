import { describe, expect, it } from 'vitest';
import { mergedSources } from '../../../../electron/core/dictionary/mergedSources';
import { bandRank, wordFacts, type FactSources, type MetaSource } from '../../../../electron/core/dictionary/wordFacts';
import type { TermMeta } from '../../../../electron/core/dictionary/yomitan/yomitanFormat';

const source = (title: string, rows: Record<string, TermMeta[]>): MetaSource => ({ title, termMeta: (t) => rows[t] ?? [] });
const pitch = (reading: string, ...positions: number[]): TermMeta => ({ mode: 'pitch', data: { reading, pitches: positions.map((position) => ({ position, nasal: [], devoice: [], tags: [] })) } });

function sources(over: Partial<FactSources> = {}): FactSources {
  return {
    dictionaries: [],
    kanjium: source('Kanjium', { 橋: [pitch('はし', 2)], 箸: [pitch('はし', 1)], 日: [pitch('ひ', 0), pitch('にち', 1)] }),
    jlpt: source('JLPT (unofficial)', { 橋: [{ mode: 'freq', data: { reading: 'はし', value: 4, display: 'N4' } }] }),
    jmdictScore: (term) => (term === '橋' ? 85 : null),
    ...over,
  };
}

describe('wordFacts', () => {
  it('answers pitch, JLPT and a JMdict band with no imported dictionary', () => {
    expect(wordFacts(sources(), { term: '橋', reading: 'はし' })).toEqual({
      pitches: [{ reading: 'はし', downsteps: [2], dictionary: 'Kanjium' }],
      jlpt: 'N4',
      frequency: { dictionary: 'JMdict', value: 5_000 },
      frequencies: [{ dictionary: 'JMdict', value: 5_000 }, { dictionary: 'JLPT (unofficial)', value: 4, display: 'N4' }],
      ipa: [],
    });
  });

  it('keeps to the reading asked (katakana matches hiragana); without one every reading counts', () => {
    expect(wordFacts(sources(), { term: '日', reading: 'ニチ' }).pitches.map((p) => p.downsteps)).toEqual([[1]]);
    expect(wordFacts(sources(), { term: '日' }).pitches.map((p) => p.reading)).toEqual(['ひ', 'にち']);
    expect(wordFacts(sources(), { term: '橋', reading: 'きょう' }).jlpt).toBeNull();
  });

  it("puts an imported dictionary's pitch first and its frequency over JMdict's band", () => {
    const imported = source('NHK', { 橋: [pitch('はし', 2), { mode: 'freq', data: { value: 1200, display: '1200' } }] });
    const facts = wordFacts(sources({ dictionaries: [imported] }), { term: '橋', reading: 'はし' });
    expect(facts.pitches.map((p) => p.dictionary)).toEqual(['NHK', 'Kanjium']);
    expect(facts.frequency).toEqual({ dictionary: 'NHK', value: 1200, display: '1200' });
    expect(facts.frequencies.map((f) => f.dictionary)).toEqual(['NHK', 'JLPT (unofficial)']);
  });

  it("gives an imported dictionary's IPA for the reading asked, in lookup order, each transcription once", () => {
    const ipa = (reading: string, ...t: string[]): TermMeta => ({ mode: 'ipa', data: { reading, transcriptions: t.map((x) => ({ ipa: x, tags: [] })) } });
    const first = source('IPA one', { 橋: [ipa('はし', 'ha̠ɕi', 'ha̠ɕi', ' '), ipa('きょう', 'kʲo̞ː')] });
    const second = source('IPA two', { 橋: [ipa('ハシ', 'haɕi')] });
    expect(wordFacts(sources({ dictionaries: [first, second] }), { term: '橋', reading: 'はし' }).ipa).toEqual([
      { reading: 'はし', transcriptions: ['ha̠ɕi'], dictionary: 'IPA one' },
      { reading: 'ハシ', transcriptions: ['haɕi'], dictionary: 'IPA two' },
    ]);
    // Never taken for a pitch or a frequency, and the shipped data has none.
    const facts = wordFacts(sources({ dictionaries: [source('IPA one', { 鬱: [ipa('うつ', 'ɯtsɯ')] })] }), { term: '鬱', reading: 'うつ' });
    expect(facts).toMatchObject({ pitches: [], frequencies: [], ipa: [{ transcriptions: ['ɯtsɯ'] }] });
    expect(wordFacts(sources(), { term: '橋', reading: 'はし' }).ipa).toEqual([]);
  });

  it('knows nothing of an unknown word, and works with no shipped data', () => {
    expect(wordFacts(sources(), { term: '鬱' })).toEqual({ pitches: [], jlpt: null, frequency: null, frequencies: [], ipa: [] });
    expect(wordFacts({ dictionaries: [], kanjium: null, jlpt: null, jmdictScore: () => null }, { term: '橋' }).pitches).toEqual([]);
  });

  it('bands JMdict priority scores', () => {
    expect([120, 90, 60, 30, 10, 5, 0].map(bandRank)).toEqual([2_000, 5_000, 10_000, 15_000, 25_000, null, null]);
  });
});

describe('mergedSources', () => {
  const hit = (entryId: number) => ({ entryId, formScore: 0, isKanji: true, entryScore: 0, classes: 0, common: false, readingsJson: '[]' });
  const reader = (name: string) => ({ hits: () => [hit(1), hit(2)], entry: (id: number) => ({ id, kanji: [name], readings: [], common: false, senses: [] }) });

  it('ranks each dictionary by its place and keeps entry ids apart', () => {
    const merged = mergedSources([
      { id: 'jmdict', title: 'JMdict', reader: reader('j') },
      { id: 'y-0123456789abcdef', title: 'Other', reader: reader('o') },
    ]);
    const hits = merged.hits('x');
    expect(hits.map((h) => h.rank)).toEqual([0, 0, 1, 1]);
    expect(hits[0]!.entryId).toBe(1);
    expect(hits[2]!.entryId).toBeGreaterThan(2 ** 34);
    expect(merged.entry(hits[2]!.entryId)).toMatchObject({ kanji: ['o'], id: hits[2]!.entryId });
    expect(merged.titleOf(hits[2]!.entryId)).toBe('Other');
    expect(merged.titleOf(1)).toBe('JMdict');
    expect(Number.isSafeInteger(hits[3]!.entryId)).toBe(true);
  });
});
