/** The card browser (every card: search, sort, edit, delete) and rich Anki notes. */
import { z } from 'zod';
import type { ReviewCard } from './review';
import { call, type, type AnyDef } from './define';

export const CARD_SORTS = ['created', 'due', 'word', 'state'] as const;
export type CardSort = (typeof CARD_SORTS)[number];

/** A page of the card browser. */
export interface CardPage {
  cards: ReviewCard[];
  /** Every card matching the query. */
  total: number;
}

const cardId = z.number().int().positive();
const text = (max: number) => z.string().trim().max(max);

export const CardEditSchema = z
  .object({
    word: text(200).optional(),
    reading: text(200).optional(),
    meaning: text(5_000).optional(),
    sentence: text(5_000).optional(),
    translation: text(5_000).optional(),
    notes: text(10_000).optional(),
  })
  .strict();
export type CardEditInput = z.infer<typeof CardEditSchema>;

export interface CardPictureData {
  mimeType: string;
  dataBase64: string;
}

export const cardsMethods = {
  /** Cards whose word, reading, written form, meaning, sentence, translation or notes contain `query`, sorted. */
  'cards.browse': call({
    args: z.tuple([
      z
        .object({
          query: z.string().max(200).default(''),
          sort: z.enum(CARD_SORTS).default('created'),
          desc: z.boolean().default(true),
          offset: z.number().int().min(0).default(0),
          limit: z.number().int().min(1).max(500).default(100),
        })
        .default({ query: '', sort: 'created', desc: true, offset: 0, limit: 100 }),
    ]),
    result: type<CardPage>(),
  }),
  'cards.get': call({ args: z.tuple([cardId]), result: type<ReviewCard>() }),
  /** The learner's edit; a word given another headword that another card has is refused (409, `details.cardId`). */
  'cards.update': call({ args: z.tuple([cardId, CardEditSchema]), result: type<ReviewCard>() }),
  'cards.delete': call({ args: z.tuple([cardId]), result: type<{ removed: boolean }>() }),
  /** The card's picture (the image it came from, or the region selected), or null. */
  'cards.picture': call({ args: z.tuple([cardId]), result: type<CardPictureData | null>() }),
} satisfies Record<string, AnyDef>;
