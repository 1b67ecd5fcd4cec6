/**
 * A word card's meaning from the offline dictionary: the sense the learner picked, else the
 * first sense of the best entry for the headword (the entry written and read like it).
 */
import type { DictionaryEntry } from '../../../shared/contract/dictionary';
import type { WordKey } from '../../../shared/words';
import { toHiraganaReading } from '../analyzer/reading';

export interface SenseMeaning {
  meaning: string;
  sense: { entryId: number; index: number };
  /** The sense's parts of speech (readable names), for the note's PartOfSpeech. */
  pos: string[];
}

/** The entries for the whole headword (not a shorter word it starts with), those read like it first. */
export function entriesFor(entries: readonly DictionaryEntry[], key: WordKey): DictionaryEntry[] {
  const whole = entries.filter((e) => e.matched === key.term || e.term === key.term);
  const pool = whole.length ? whole : [...entries];
  const reads = (e: DictionaryEntry) => e.readings.some((r) => toHiraganaReading(r) === key.reading);
  return [...pool.filter(reads), ...pool.filter((e) => !reads(e))];
}

export function senseMeaning(entries: readonly DictionaryEntry[], key: WordKey, chosen?: { entryId: number; index: number }): SenseMeaning | undefined {
  const ordered = entriesFor(entries, key);
  const picked = chosen ? entries.find((e) => e.id === chosen.entryId) : undefined;
  const entry = picked ?? ordered[0];
  if (!entry || entry.senses.length === 0) return undefined;
  const index = picked && chosen && chosen.index < entry.senses.length ? chosen.index : 0;
  const sense = entry.senses[index]!;
  return { meaning: sense.glosses.join('; '), sense: { entryId: entry.id, index }, pos: sense.pos };
}
