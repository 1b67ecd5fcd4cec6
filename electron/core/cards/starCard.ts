/**
 * What `review.star` stores, from what any door gives it: a word as written (泣いていた) becomes
 * its headword (泣く/なく) with the written form kept as `surface`; the meaning is the dictionary
 * sense the learner picked (else the best entry's first), the model's explanation beside it.
 * A meaning given outright (the learner picked the model's) stays the meaning; with no dictionary
 * sense at all, the model's explanation is the meaning (there is nothing it would replace). A card
 * starred in a book takes the illustration beside its paragraph as its picture.
 */
import type { z } from 'zod';
import type { DictionaryEntry } from '../../../shared/contract/dictionary';
import type { CardSource, StarSchema } from '../../../shared/contract/review';
import type { WordKey } from '../../../shared/words';
import { toHiraganaReading } from '../analyzer/reading';
import type { StarInput } from '../review/reviewService';
import { senseMeaning } from './senseMeaning';

export type StarArgs = z.output<typeof StarSchema>;

export interface StarDeps {
  /** core.words.wordKey: the word a written form counts as in its sentence. */
  wordKey(word: string, sentence: string, offset?: number, signal?: AbortSignal): Promise<WordKey | null>;
  /** The offline dictionary (empty without one). */
  lookup(text: string, reading?: string): DictionaryEntry[];
  /** The book's illustration near where a card was starred (books.illustrationNear), if any. */
  bookPicture?(source: CardSource): { mimeType: string; data: Buffer } | undefined;
}

/** The headword of a word given as written; the word as given when nothing Japanese is in it. */
export async function cardHeadword(word: string, reading: string, sentence: string, deps: Pick<StarDeps, 'wordKey'>, offset?: number, signal?: AbortSignal): Promise<WordKey> {
  const key = await deps.wordKey(word, sentence, offset, signal).catch(() => null);
  return key ?? { term: word, reading: reading ? toHiraganaReading(reading) : '' };
}

export async function starInput(args: StarArgs, deps: StarDeps, signal?: AbortSignal): Promise<StarInput> {
  const base: StarInput = {
    kind: args.kind,
    word: args.word,
    reading: args.reading,
    meaning: args.meaning,
    sentence: args.sentence,
    translation: args.translation,
    explanation: args.explanation,
    ...(args.documentId !== undefined ? { documentId: args.documentId } : {}),
    ...(args.source ? { source: args.source } : {}),
    ...(args.sourceLabel ? { sourceLabel: args.sourceLabel } : {}),
  };
  // The picture given (an image, a region of it); else, starred in a book, the illustration beside the paragraph.
  const book = !args.picture && args.source ? deps.bookPicture?.(args.source) : undefined;
  const picture = args.picture ? { mimeType: args.picture.mimeType, data: Buffer.from(args.picture.dataBase64, 'base64'), from: 'given' as const } : book ? { ...book, from: 'book' as const } : undefined;
  if (picture) base.picture = picture;
  if (args.kind !== 'word') return base;
  const key = await cardHeadword(args.word, args.reading, args.sentence, deps, args.offset, signal);
  const card: StarInput = { ...base, word: key.term, reading: key.reading, ...(key.term !== args.word ? { surface: args.word } : {}) };
  if (args.meaning) return card;
  const sense = senseMeaning(deps.lookup(key.term, key.reading || undefined), key, args.sense);
  if (sense) return { ...card, meaning: sense.meaning, sense: sense.sense };
  // No dictionary sense to take (none installed, or the word is not in it): the model's explanation is all there is.
  return { ...card, meaning: args.explanation };
}
