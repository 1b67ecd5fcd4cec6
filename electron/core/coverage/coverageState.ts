/**
 * The coverage arithmetic (the fixed `Coverage` definition, README → Coverage) over an index, kept current
 * word by word: a status change moves only the changed words' counts and their sentences'
 * unknown tallies, so a book's figures follow a mark in milliseconds.
 *
 * Self-contained on purpose (no import, no outside name): the coverage worker runs this very
 * function from its source text (coverageWorker.ts), and the tests run it directly.
 */
import type { Coverage, CoverageSentence, CoverageWord } from '../../../shared/contract/coverage';
import type { CoverageIndex } from './coverageIndex';

/** The lists without the dictionary's facts (JLPT, frequency), which the main side adds. */
export type CoverageFigures = Omit<Coverage, 'unknown' | 'toReach95' | 'iPlusOne'> & {
  unknown: CoverageWord[];
  toReach95: CoverageWord[];
  /** A book's sentences carry their place, `[chapterId, paragraphId]`, which the main side names (`source`). */
  iPlusOne: Array<Omit<CoverageSentence, 'source'> & { at?: [number, number] }>;
};

export interface CoverageState {
  /** Sets whether each given word (index into `index.words`) counts as known (`known` or `ignored`). */
  set(changes: ReadonlyArray<readonly [word: number, known: boolean]>): void;
  figures(): CoverageFigures;
}

export function createCoverageState(index: CoverageIndex, knownFlags: ArrayLike<number | boolean>): CoverageState {
  const n = index.words.length;
  const known = new Uint8Array(n);
  for (let i = 0; i < n; i++) known[i] = knownFlags[i] ? 1 : 0;

  // Most frequent first; ties in order of first occurrence (the words' order).
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => index.counts[b]! - index.counts[a]! || a - b);

  // Which sentences each word is in, and how many distinct unknown words each sentence holds.
  const wordSentences: number[][] = Array.from({ length: n }, () => []);
  const unknownIn = new Int32Array(index.sentences.length);
  index.sentenceWords.forEach((ws, s) => {
    for (const w of ws) {
      wordSentences[w]!.push(s);
      if (!known[w]) unknownIn[s]! += 1;
    }
  });
  let knownTokens = 0;
  for (let i = 0; i < n; i++) if (known[i]) knownTokens += index.counts[i]!;

  function set(changes: ReadonlyArray<readonly [number, boolean]>): void {
    for (const [w, isKnown] of changes) {
      if (w < 0 || w >= n || (known[w] === 1) === isKnown) continue;
      known[w] = isKnown ? 1 : 0;
      const delta = isKnown ? 1 : -1;
      knownTokens += delta * index.counts[w]!;
      for (const s of wordSentences[w]!) unknownIn[s]! -= delta;
    }
  }

  function word(w: number): CoverageWord {
    const k = index.words[w]!;
    return { term: k.term, reading: k.reading, count: index.counts[w]! };
  }

  function figures(): CoverageFigures {
    const tokens = index.tokens;
    const unknown: CoverageWord[] = [];
    for (const w of order) if (!known[w]) unknown.push(word(w));
    // Shortest most-frequent-first prefix with 100 × (known + learnt) ≥ 95 × tokens (integers: no rounding at the edge).
    const toReach95: CoverageWord[] = [];
    let reached = knownTokens;
    for (const u of unknown) {
      if (100 * reached >= 95 * tokens) break;
      toReach95.push(u);
      reached += u.count;
    }
    const iPlusOne: CoverageFigures['iPlusOne'] = [];
    for (let s = 0; s < unknownIn.length; s++) {
      if (unknownIn[s] !== 1) continue;
      const w = index.sentenceWords[s]!.find((x) => !known[x]);
      if (w === undefined) continue;
      const k = index.words[w]!;
      const at = index.places ? index.places[s] : undefined;
      iPlusOne.push(at ? { sentence: index.sentences[s]!, term: k.term, reading: k.reading, at } : { sentence: index.sentences[s]!, term: k.term, reading: k.reading });
    }
    return {
      tokens,
      known: knownTokens,
      percent: tokens > 0 ? (100 * knownTokens) / tokens : 0,
      uniqueUnknown: unknown.length,
      unknown,
      toReach95,
      iPlusOne,
    };
  }

  return { set, figures };
}
