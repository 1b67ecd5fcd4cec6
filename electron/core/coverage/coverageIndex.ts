/**
 * A text reduced to what coverage needs (the fixed `Coverage` definition, README → Coverage): its counted
 * words with how often each occurs, and its sentences as the counted words they hold. Tokens
 * carry `key` exactly on the counted words (core/words), so counting is counting keys.
 */
import type { Token } from '../../../shared/domain';
import { wordKeyId, type WordKey } from '../../../shared/words';

export interface CoverageIndex {
  /** Every counted word once, in order of first occurrence. */
  words: WordKey[];
  /** Tokens per word (same order as `words`). */
  counts: number[];
  /** Counted tokens in all (the sum of `counts`). */
  tokens: number;
  /** Sentences holding at least one counted word, in text order (sentences without one can never be i+1). */
  sentences: string[];
  /** The distinct words (indices into `words`) of each sentence. */
  sentenceWords: number[][];
  /** A book's: where each sentence is, `[chapterId, paragraphId]` (same order as `sentences`). */
  places?: Array<[chapterId: number, paragraphId: number]>;
}

/** Ends a sentence; closing brackets and quotes after it still belong to it. */
const TERMINATOR = /[。！？!?…]/;
const CLOSER = /^[」』）)】〉》"’”]+$/;

export interface KeyedSentence {
  text: string;
  keys: WordKey[];
  /** Line breaks before the sentence's start in the tokens given: the paragraph of a piece it is in. */
  line: number;
}

/**
 * A stretch of tokens (a paragraph) cut into sentences at 。！？!?… (closers kept with their
 * sentence) and at line breaks; each with the keys of its counted words in order.
 */
export function sentencesOf(tokens: readonly Token[]): KeyedSentence[] {
  const out: KeyedSentence[] = [];
  let text = '';
  let keys: WordKey[] = [];
  let ended = false;
  let line = 0;
  let startLine = 0;
  const flush = () => {
    const trimmed = text.replace(/^[\s\u3000]+|[\s\u3000]+$/g, '');
    if (trimmed !== '') out.push({ text: trimmed, keys, line: startLine });
    text = '';
    keys = [];
    ended = false;
    startLine = line;
  };
  for (const t of tokens) {
    if (ended && !CLOSER.test(t.word)) flush();
    if (t.word.includes('\n')) {
      // A line break ends the sentence; whatever follows it on the token starts the next.
      const lines = t.word.split('\n');
      text += lines[0];
      for (const rest of lines.slice(1)) {
        flush();
        startLine = ++line;
        text += rest;
      }
      if (t.key) keys.push(t.key);
      continue;
    }
    text += t.word;
    if (t.key) keys.push(t.key);
    if (TERMINATOR.test(t.word)) ended = true;
  }
  flush();
  return out;
}

/** Builds the index from sentences in text order. */
export class CoverageIndexBuilder {
  private readonly ids = new Map<string, number>();
  private readonly index: CoverageIndex = { words: [], counts: [], tokens: 0, sentences: [], sentenceWords: [] };

  /** `place`: where a book's sentence is (see `CoverageIndex.places`). */
  add(sentences: readonly KeyedSentence[], place?: (s: KeyedSentence) => [number, number]): void {
    const { words, counts, sentences: texts, sentenceWords } = this.index;
    for (const s of sentences) {
      if (s.keys.length === 0) continue;
      const distinct = new Set<number>();
      for (const key of s.keys) {
        const id = wordKeyId(key);
        let i = this.ids.get(id);
        if (i === undefined) {
          i = words.length;
          this.ids.set(id, i);
          words.push({ term: key.term, reading: key.reading });
          counts.push(0);
        }
        counts[i]! += 1;
        distinct.add(i);
      }
      this.index.tokens += s.keys.length;
      texts.push(s.text);
      sentenceWords.push([...distinct]);
      if (place) (this.index.places ??= []).push(place(s));
    }
  }

  build(): CoverageIndex {
    return this.index;
  }
}

/** The index of one run of tokens (a pasted text). */
export function indexTokens(tokens: readonly Token[]): CoverageIndex {
  const b = new CoverageIndexBuilder();
  b.add(sentencesOf(tokens));
  return b.build();
}
