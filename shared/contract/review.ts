/** Review of starred words and sentences (FSRS), and their CSV export (Anki notes: `anki.export` in ./cards). */
import { z } from 'zod';
import type { Token } from '../domain';
import { call, type, type AnyDef } from './define';

export const CARD_KINDS = ['word', 'sentence'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type CardState = (typeof CARD_STATES)[number];
/** FSRS grades: 1 Again, 2 Hard, 3 Good, 4 Easy (the keys 1–4 in a session). */
export const GRADES = [1, 2, 3, 4] as const;
export type Grade = (typeof GRADES)[number];

/** Where a card was starred: a paragraph of a book (ids, and the titles as they were then). */
export const CardSourceSchema = z.object({
  bookId: z.number().int().positive(),
  chapterId: z.number().int().positive(),
  paragraphId: z.number().int().positive(),
  bookTitle: z.string().trim().min(1).max(500),
  chapterTitle: z.string().trim().max(500).default(''),
});
export type CardSource = z.output<typeof CardSourceSchema>;

/** The source as one line: 「book」 chapter (review screen, reader, CSV, Anki). */
export function cardSourceLabel(s: Pick<CardSource, 'bookTitle' | 'chapterTitle'> | undefined): string {
  if (!s) return '';
  // A one-chapter text is often titled like the book: say it once.
  return s.chapterTitle && s.chapterTitle !== s.bookTitle ? `「${s.bookTitle}」 ${s.chapterTitle}` : `「${s.bookTitle}」`;
}

export interface ReviewCard {
  id: number;
  kind: CardKind;
  /**
   * Word cards: the headword, the word's dictionary form (泣く for 泣いていた), with `reading`
   * its reading in hiragana: the word's identity (shared/words.ts). Empty for sentence cards.
   */
  word: string;
  reading: string;
  /** The meaning: the dictionary sense the learner picked (else the best entry's first), or the model's when they picked it. */
  meaning: string;
  /** Word cards: the form the word was starred in (泣いていた), when it differs from `word`. */
  surface?: string;
  /** The model's explanation, kept beside the dictionary meaning. */
  explanation?: string;
  /** The dictionary sense `meaning` came from (JMdict entry id, sense index from 0). */
  sense?: { entryId: number; index: number };
  /** The learner's own notes. */
  notes?: string;
  /** Where it was starred when not a book: the document's title (pasted text, an image). */
  sourceLabel?: string;
  /** The card has a picture (cards.picture gives it). */
  hasPicture?: boolean;
  updatedAt?: number;
  /** When it was last sent to Anki. */
  exportedAt?: number;
  /** The sentence shown in a session (word cards: the context it was starred in). */
  sentence: string;
  translation: string;
  documentId?: number;
  /** The book paragraph it was starred from, when it was. */
  source?: CardSource;
  createdAt: number;
  /** Epoch ms when the card is next due. */
  due: number;
  state: CardState;
  reps: number;
  lapses: number;
  lastReview?: number;
}

/** `review.star`'s answer: the card, and whether it was there already (another form of a carded word finds it). */
export type StarResult = ReviewCard & { existed: boolean };

export interface StarredState {
  starred: boolean;
  cardId?: number;
  /** When the card was made ("in review since …"). */
  since?: number;
  state?: CardState;
}

export interface DueCard extends ReviewCard {
  /**
   * Sentence cards: the sentence with furigana for the answer side (the model's
   * cached analysis, else the offline analyzer); absent when neither is available.
   */
  tokens?: Token[];
  /** Milliseconds from now until the card would be due again, per grade. */
  intervals: Record<Grade, number>;
}

export interface DueList {
  /** The first `limit` due cards, most overdue first. */
  cards: DueCard[];
  /** All cards due now. */
  dueCount: number;
}

export interface DayCount {
  /** Local date, YYYY-MM-DD. */
  day: string;
  count: number;
}

export interface ReviewStats {
  today: { reviewed: number; again: number; learned: number };
  dueNow: number;
  /** Due before the end of today (local time). */
  dueToday: number;
  total: number;
  byState: Record<CardState, number>;
  /** Consecutive days with a review, ending today (or yesterday when today has none yet). */
  streak: number;
  longestStreak: number;
  /** The last 30 days, oldest first. */
  days: DayCount[];
}

export interface GradeResult {
  card: ReviewCard;
  stats: ReviewStats;
}

export interface ReviewAudio {
  /** Base64 audio bytes. */
  audio: string;
  mimeType: string;
  /** From the audio cache (no network). */
  cached: boolean;
}

export interface CsvExport {
  filename: string;
  /** UTF-8 text starting with a BOM (Excel), CRLF line ends. */
  content: string;
  rows: number;
}

const text = (max: number) => z.string().trim().max(max);
const cardId = z.number().int().positive();

/** What makes a card the same card: a word with its reading, or a sentence. */
export const CardIdentitySchema = z
  .object({ kind: z.enum(CARD_KINDS), word: text(200).optional(), reading: text(200).optional(), sentence: text(5_000).optional(), offset: z.number().int().min(0).optional() })
  .refine((v) => (v.kind === 'word' ? !!v.word : !!v.sentence), { message: 'a word card needs `word`, a sentence card `sentence`' });
export type CardIdentity = z.infer<typeof CardIdentitySchema>;

/** A dictionary sense: JMdict entry id and the sense's index in it (from 0). */
export const SenseChoiceSchema = z.object({ entryId: z.number().int().nonnegative(), index: z.number().int().min(0).max(200) });
export type SenseChoice = z.infer<typeof SenseChoiceSchema>;

/** A picture for a card: the image it was starred from, or the region selected on it. */
export const CardPictureSchema = z.object({
  mimeType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  dataBase64: z.string().min(1).max(Math.ceil((8 * 1024 * 1024) / 3) * 4),
});
export type CardPicture = z.infer<typeof CardPictureSchema>;

export const StarSchema = z
  .object({
    kind: z.enum(CARD_KINDS),
    /** A word as written in `sentence` (any inflected form): the card is headed by its dictionary form. */
    word: text(200).default(''),
    /** The reading of `word` as shown; the card's reading is the headword's. */
    reading: text(200).default(''),
    /** A meaning given outright (the learner picked the model's): kept as the card's meaning. */
    meaning: text(5_000).default(''),
    sentence: text(5_000).pipe(z.string().min(1)),
    translation: text(5_000).default(''),
    /** Where `word` starts in `sentence`, when it occurs more than once. */
    offset: z.number().int().min(0).optional(),
    /** The dictionary sense the learner picked; default: the best entry's first sense. */
    sense: SenseChoiceSchema.optional(),
    /** The model's explanation of the word: kept beside the dictionary meaning, never instead. */
    explanation: text(5_000).default(''),
    documentId: z.number().int().positive().optional(),
    source: CardSourceSchema.optional(),
    /** A document's title when it is not a book (pasted text, an image's name). */
    sourceLabel: text(500).optional(),
    picture: CardPictureSchema.optional(),
  })
  .refine((v) => v.kind !== 'word' || v.word !== '', { message: 'a word card needs `word`' });

export const reviewMethods = {
  /** Stars a word or sentence: it becomes a card due at once. Starring again updates its content. */
  'review.star': call({ args: z.tuple([StarSchema]), result: type<StarResult>() }),
  'review.unstar': call({ args: z.tuple([z.union([cardId, CardIdentitySchema])]), result: type<{ removed: boolean }>() }),
  /** Whether the word (in any form: 泣いていた finds 泣く's card) or sentence is a card, and since when. */
  'review.isStarred': call({ args: z.tuple([CardIdentitySchema]), result: type<StarredState>() }),
  'review.due': call({
    args: z.tuple([z.object({ limit: z.number().int().min(1).max(500).default(50) }).default({ limit: 50 })]),
    result: type<DueList>(),
  }),
  'review.grade': call({ args: z.tuple([cardId, z.literal(GRADES)]), result: type<GradeResult>() }),
  'review.stats': call({ args: z.tuple([]), result: type<ReviewStats>() }),
  /**
   * Audio of a card's text: cached with the current voice, else cached under any
   * other voice (so it plays offline), else synthesized with the current voice.
   */
  'review.audio': call({ args: z.tuple([z.object({ text: z.string().trim().min(1).max(5_000) })]), result: type<ReviewAudio>() }),
  'review.cards': call({
    args: z.tuple([z.object({ limit: z.number().int().min(1).max(1000).default(200), offset: z.number().int().min(0).default(0) }).default({ limit: 200, offset: 0 })]),
    result: type<{ cards: ReviewCard[]; total: number }>(),
  }),
  /** Every card (or the given ones) as CSV; the renderer offers it as a download. */
  'export.csv': call({ args: z.tuple([z.object({ cardIds: z.array(cardId).max(100_000).optional() }).default({})]), result: type<CsvExport>() }),
} satisfies Record<string, AnyDef>;
