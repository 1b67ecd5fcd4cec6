import { describe, expect, it } from 'vitest';
import type { Token } from '../../../shared/domain';
import type { WordKey } from '../../../shared/words';
import { indexTokens, sentencesOf } from '../../../electron/core/coverage/coverageIndex';
import { createCoverageState } from '../../../electron/core/coverage/coverageState';

/** A token; `key` given as 'term/reading' marks a counted word. */
const tok = (word: string, key?: string): Token => {
  const t: Token = { word, pos: key ? 'noun' : 'particle', furigana: '' };
  if (key) {
    const [term, reading] = key.split('/') as [string, string];
    t.key = { term, reading };
  }
  return t;
};
const w = (term: string): WordKey => ({ term, reading: term });

/** Sentences of counted words given as space-separated terms; particles in between don't count. */
function text(...sentences: string[]): Token[] {
  const out: Token[] = [];
  for (const s of sentences) {
    for (const term of s.split(' ')) out.push(tok(term, `${term}/${term}`), tok('は'));
    out.push(tok('。'));
  }
  return out;
}

const knownOf = (index: ReturnType<typeof indexTokens>, knownTerms: string[]) => index.words.map((k) => knownTerms.includes(k.term));

describe('coverage index', () => {
  it('counts only keyed tokens, splits sentences at terminators and line breaks, keeps closers, says on which line each starts', () => {
    const tokens = [tok('「'), tok('猫', '猫/ねこ'), tok('だ'), tok('。'), tok('」'), tok('犬', '犬/いぬ'), tok('！'), tok('\n'), tok('鳥', '鳥/とり'), tok('…'), tok('ね')];
    expect(sentencesOf(tokens)).toEqual([
      { text: '「猫だ。」', keys: [{ term: '猫', reading: 'ねこ' }], line: 0 },
      { text: '犬！', keys: [{ term: '犬', reading: 'いぬ' }], line: 0 },
      { text: '鳥…', keys: [{ term: '鳥', reading: 'とり' }], line: 1 },
      { text: 'ね', keys: [], line: 1 },
    ]);
    const index = indexTokens(tokens);
    expect(index.tokens).toBe(3);
    expect(index.sentences).toEqual(['「猫だ。」', '犬！', '鳥…']);
  });

  it('counts each word per occurrence and lists it once per sentence', () => {
    const index = indexTokens(text('猫 猫 犬', '猫'));
    expect(index.words).toEqual([w('猫'), w('犬')]);
    expect(index.counts).toEqual([3, 1]);
    expect(index.tokens).toBe(4);
    expect(index.sentenceWords).toEqual([[0, 1], [0]]);
  });
});

describe('coverage arithmetic', () => {
  // 20 tokens: A×8, B×4, C×3, D×2, E×2, F×1
  const tokens = text('A A A A B C', 'A A B B D', 'A A C C', 'B D E', 'E F');
  const index = indexTokens(tokens);

  it('percent is 100 × known / tokens, with known or ignored words (the flags) as known', () => {
    const f = createCoverageState(index, knownOf(index, ['A', 'B'])).figures();
    expect(f.tokens).toBe(20);
    expect(f.known).toBe(12);
    expect(f.percent).toBe(60);
  });

  it('lists the unknown words most frequent first, ties in order of first occurrence', () => {
    const f = createCoverageState(index, knownOf(index, ['A'])).figures();
    expect(f.uniqueUnknown).toBe(5);
    expect(f.unknown.map((u) => [u.term, u.count])).toEqual([['B', 4], ['C', 3], ['D', 2], ['E', 2], ['F', 1]]);
  });

  it('toReach95 is the shortest most-frequent-first list reaching 95 %', () => {
    // known 8 of 20; 95 % of 20 is 19: B(12) C(15) D(17) E(19) → four words.
    const f = createCoverageState(index, knownOf(index, ['A'])).figures();
    expect(f.toReach95.map((u) => u.term)).toEqual(['B', 'C', 'D', 'E']);
    // exactly 95 % counts as reached: all but F known → 19/20.
    expect(createCoverageState(index, knownOf(index, ['A', 'B', 'C', 'D', 'E'])).figures().toReach95).toEqual([]);
    // nothing known: every word but F (19 of 20).
    expect(createCoverageState(index, knownOf(index, [])).figures().toReach95.map((u) => u.term)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('iPlusOne lists the sentences with exactly one unknown word (a repeated one counts once), in text order', () => {
    const f = createCoverageState(index, knownOf(index, ['A', 'B'])).figures();
    // s1 A A A A B C → C; s2 … D → D; s3 A A C C → C (twice, one word); s4 B D E → two; s5 E F → two.
    expect(f.iPlusOne).toEqual([
      { sentence: 'AはAはAはAはBはCは。', term: 'C', reading: 'C' },
      { sentence: 'AはAはBはBはDは。', term: 'D', reading: 'D' },
      { sentence: 'AはAはCはCは。', term: 'C', reading: 'C' },
    ]);
  });

  it('a status change moves only that word: the same figures as computing from scratch', () => {
    const state = createCoverageState(index, knownOf(index, ['A']));
    state.set([[index.words.findIndex((k) => k.term === 'B'), true]]);
    expect(state.figures()).toEqual(createCoverageState(index, knownOf(index, ['A', 'B'])).figures());
    state.set([[index.words.findIndex((k) => k.term === 'A'), false], [index.words.findIndex((k) => k.term === 'E'), true]]);
    expect(state.figures()).toEqual(createCoverageState(index, knownOf(index, ['B', 'E'])).figures());
    // Setting a word to what it is already changes nothing.
    state.set([[index.words.findIndex((k) => k.term === 'E'), true]]);
    expect(state.figures().known).toBe(6);
  });

  it('an empty index has no tokens and 0 %', () => {
    const f = createCoverageState(indexTokens([tok('。')]), []).figures();
    expect(f).toMatchObject({ tokens: 0, known: 0, percent: 0, uniqueUnknown: 0, unknown: [], toReach95: [], iPlusOne: [] });
  });
});
