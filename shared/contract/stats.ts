/** Reading statistics: characters read (the reading position moving forward), time, the daily goal and streak, words learnt. */
import { z } from 'zod';
import { call, type, type AnyDef } from './define';

export interface ReadingDay {
  /** Local date, YYYY-MM-DD. */
  day: string;
  chars: number;
  /** Milliseconds spent reading. */
  ms: number;
  /** Words whose status became `known` that day. */
  learnt: number;
}

export interface ReadingBookStats {
  bookId: number;
  title: string;
  chars: number;
  ms: number;
}

export interface ReadingStats {
  /** Every day of the range, oldest first (days without reading too, at 0). */
  days: ReadingDay[];
  /** Books read in the range, most characters first. */
  books: ReadingBookStats[];
  today: ReadingDay;
  goal: number;
  /** Days in a row with the goal reached (today counts once reached; a streak lasts until a day passes without it). */
  streak: { current: number; longest: number };
  totals: { chars: number; ms: number; charsPerHour: number };
}

export const STATS_MAX_DAYS = 366;

export const statsMethods = {
  /** The last `days` days of reading (default 90), ending today. */
  'stats.reading': call({
    args: z.tuple([z.object({ days: z.number().int().min(1).max(STATS_MAX_DAYS).default(90) }).default({ days: 90 })]),
    result: type<ReadingStats>(),
  }),
} satisfies Record<string, AnyDef>;
