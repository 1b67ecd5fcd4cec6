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
    /** Takes the card's picture off (one attached from a book's illustration, say). */
    removePicture: z.literal(true).optional(),
  })
  .strict();
export type CardEditInput = z.infer<typeof CardEditSchema>;

export interface CardPictureData {
  mimeType: string;
  dataBase64: string;
}

/** The app's note fields, named like common Japanese mining note types (Lapis-like). */
export const NOTE_FIELDS = [
  'Expression',
  'ExpressionFurigana',
  'ExpressionReading',
  'MainDefinition',
  'PartOfSpeech',
  'PitchPosition',
  'PitchGraph',
  'Frequency',
  'JLPT',
  'Sentence',
  'SentenceFurigana',
  'SentenceTranslation',
  'ExpressionAudio',
  'SentenceAudio',
  'Picture',
  'Source',
  'Explanation',
  'Notes',
] as const;
export type NoteField = (typeof NOTE_FIELDS)[number];

/** Where notes go: the app's own note type (made and upgraded by the app), or an existing one with a field for each of ours. */
export const NoteTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('app') }),
  z.object({
    kind: z.literal('mapped'),
    model: z.string().trim().min(1).max(200),
    /** Our field → the note type's field (fields left out are not filled). */
    fields: z.partialRecord(z.enum(NOTE_FIELDS), z.string().trim().min(1).max(200)),
  }),
]);
export type NoteTarget = z.infer<typeof NoteTargetSchema>;

/** A word already in the deck: skip it, add another note anyway, or update the note there. */
export const DUPLICATE_MODES = ['skip', 'add', 'update'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];

export const ExportScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('new') }),
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('selected'), cardIds: z.array(z.number().int().positive()).min(1).max(100_000) }),
]);
export type ExportScope = z.infer<typeof ExportScopeSchema>;

export interface AnkiNoteType {
  name: string;
  fields: string[];
}

/** What an export did, every failure named. */
export interface AnkiNotesSummary {
  deck: string;
  model: string;
  total: number;
  added: number;
  updated: number;
  skipped: number;
  withWordAudio: number;
  withSentenceAudio: number;
  /** Notes that went in without an audio they should have had: its synthesis failed (the TTS down, no key…). */
  missingAudio: number;
  noteTypeCreated: boolean;
  /** Fields added to the app's note type made by an older version. */
  fieldsAdded: string[];
  failed: Array<{ cardId: number; word: string; message: string }>;
}

/** Pushed after each card of an export (`cards.ankiProgress`). */
export interface AnkiProgress {
  done: number;
  total: number;
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
  /** Anki's note types with their fields, for mapping ours onto one. Fails with `anki_unavailable` when nothing answers. */
  'anki.noteTypes': call({ args: z.tuple([]), result: type<AnkiNoteType[]>() }),
  /**
   * Rich notes through AnkiConnect: the word, its reading and furigana, the meaning, the sentence
   * with the word in <b> and its furigana and translation, word and sentence audio (synthesized
   * and cached when missing), the picture, the source; pitch, frequency and JLPT when known.
   * Progress is pushed as `cards.ankiProgress`.
   */
  'anki.export': call({
    args: z.tuple([
      z.object({
        deck: z.string().trim().min(1).max(200).default('Yomimono'),
        target: NoteTargetSchema.default({ kind: 'app' }),
        duplicates: z.enum(DUPLICATE_MODES).default('skip'),
        scope: ExportScopeSchema.default({ kind: 'new' }),
      }),
    ]),
    result: type<AnkiNotesSummary>(),
  }),
} satisfies Record<string, AnyDef>;
