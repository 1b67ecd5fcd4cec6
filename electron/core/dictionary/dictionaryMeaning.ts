/**
 * A review card's meaning from the offline dictionary, for words starred with no model
 * answer (no key, or before it came): the best entry's first senses, numbered.
 */
import type { DictionaryEntry } from '../../../shared/contract/dictionary';

const SENSES = 3;

export function meaningOf(entries: readonly DictionaryEntry[], word: string): string {
  // The entry for the whole word, not for a shorter part of it.
  const entry = entries.find((e) => e.matched === word) ?? entries[0];
  if (!entry) return '';
  const senses = entry.senses.slice(0, SENSES).map((s) => s.glosses.join('; '));
  return senses.length === 1 ? (senses[0] ?? '') : senses.map((g, i) => `${i + 1}. ${g}`).join(' ');
}

/** The star input with its meaning filled from the dictionary when it has none. */
export function withDictionaryMeaning<T extends { kind: string; word: string; reading: string; meaning: string }>(
  input: T,
  lookup: (text: string, reading?: string) => DictionaryEntry[],
): T {
  if (input.kind !== 'word' || input.meaning.trim() || !input.word) return input;
  const meaning = meaningOf(lookup(input.word, input.reading || undefined), input.word);
  return meaning ? { ...input, meaning } : input;
}
