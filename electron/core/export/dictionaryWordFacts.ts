/** The dictionary's word facts (w-yomitan's `wordFacts`: pitch, JLPT, frequency) as a note's fields take them. */
import type { WordFacts as DictionaryFacts } from '../../../shared/wordFacts';
import type { WordFacts } from './richAnkiExport';

export function noteFacts(facts: DictionaryFacts): WordFacts {
  const pitch = facts.pitches[0]?.downsteps;
  return {
    ...(pitch?.length ? { pitch } : {}),
    ...(facts.frequency ? { frequency: facts.frequency.display ?? String(facts.frequency.value) } : {}),
    ...(facts.jlpt ? { jlpt: facts.jlpt } : {}),
  };
}

