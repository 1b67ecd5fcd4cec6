/**
 * Whether a line of a word list is a word: what the dictionary knows (a headword, or a form its
 * deinflection reaches as a whole), else one word the analyzer knows. A line of random kanji is
 * cut by the analyzer into single characters that it then joins again; only this check tells such
 * a run from a compound word, so it is reported to the learner rather than stored.
 */
import type { WordKey } from '../../../shared/words';
import type { WordShape } from '../words/wordIdentity';

/** The dictionary as the check asks it (core.dictionary; answers nothing without one installed). */
export interface WordDictionary {
  headword(key: WordKey): WordKey | null;
  lookup(text: string): ReadonlyArray<{ matched: string }>;
}

export type ListWordCheck = (written: string, shape: WordShape) => boolean;

export function listWordCheck(dictionary: WordDictionary): ListWordCheck {
  const known = (key: WordKey) => dictionary.headword(key) !== null;
  return (written, { key, single }) => {
    if (single || known(key)) return true;
    // 勉強する is no headword of its own: the noun is, and する makes it a verb.
    if (key.term.endsWith('する') && key.term.length > 2 && known({ term: key.term.slice(0, -2), reading: key.reading.replace(/する$/u, '') })) return true;
    // An inflected form the dictionary's own rules reach as one word.
    return dictionary.lookup(written).some((e) => e.matched === written);
  };
}
