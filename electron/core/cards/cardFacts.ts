/**
 * What the dictionaries know of a word card beyond the card itself, as both exports take it (the
 * Anki note's fields, the CSV's columns): the parts of speech of its chosen sense, and its word
 * facts (pitch, frequency, JLPT) — an injected source first (tests), else the dictionaries'.
 */
import type { ReviewCard } from '../../../shared/contract/review';
import type { DictionaryService } from '../dictionary/dictionaryService';
import { noteFacts } from '../export/dictionaryWordFacts';
import type { NoteSources, WordFactsSource } from '../export/richAnkiExport';
import { senseMeaning } from './senseMeaning';

export type CardFacts = Pick<NoteSources, 'partOfSpeech'> & Required<Pick<NoteSources, 'wordFacts'>>;

export function cardFacts(core: { dictionary: Pick<DictionaryService, 'lookup' | 'wordFacts'>; wordFacts?: WordFactsSource | undefined }): CardFacts {
  return {
    partOfSpeech: (card: ReviewCard) => senseMeaning(core.dictionary.lookup(card.word, card.reading || undefined), { term: card.word, reading: card.reading }, card.sense)?.pos ?? [],
    wordFacts: (key) => core.wordFacts?.(key) ?? noteFacts(core.dictionary.wordFacts(key)),
  };
}
