/**
 * The readings word identity gives tokens (electron/core/words): the analyzer's reading checked
 * against the dictionary (./readingCheck.ts), and the learner's corrections of words as written.
 * A model's reading is not checked: a model reads in context, where the dictionary's common
 * reading may be wrong. A correction applies to every token of its word, whoever read it.
 */
import type { Token } from '../../../shared/domain';
import { checkedReading, type CheckedReading, type ReadingDictionary } from './readingCheck';
import type { ReadingCorrections } from './readingCorrections';

export interface TokenReadingsDeps {
  dictionary: ReadingDictionary;
  corrections: Pick<ReadingCorrections, 'get'>;
}

export class TokenReadings {
  constructor(private readonly deps: TokenReadingsDeps) {}

  /** The analyzer's reading of token `i`, checked against the dictionary. */
  checked(tokens: readonly Token[], i: number): CheckedReading {
    return checkedReading(tokens, i, this.deps.dictionary);
  }

  /** The reading the learner set for a word as written, if any. */
  corrected(word: string): string | undefined {
    return this.deps.corrections.get(word);
  }
}
