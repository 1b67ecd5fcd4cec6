import type Database from 'better-sqlite3';
import { createEmptyCard, fsrs, type Card, type FSRS, type FSRSParameters, type Grade as FsrsGrade, type State } from 'ts-fsrs';
import {
  CARD_STATES,
  GRADES,
  type CardIdentity,
  type CardKind,
  type CardSource,
  type CardState,
  type DueList,
  type Grade,
  type GradeResult,
  type ReviewCard,
  type ReviewStats,
} from '../../../shared/contract/review';
import { AppError } from '../../../shared/result';
import { normalizeText, sha256 } from '../cache/cacheKey';
import { addDays, endOfLocalDay, localDay, streaks } from './days';

export interface StarInput {
  kind: CardKind;
  word: string;
  reading: string;
  meaning: string;
  sentence: string;
  translation: string;
  documentId?: number;
  source?: CardSource;
}

export interface ReviewOptions {
  now?: () => number;
  /** The user's calendar day of an instant (default: local time). */
  dayOf?: (ms: number) => string;
  endOfDay?: (ms: number) => number;
  /** FSRS parameters (default: ts-fsrs's, no fuzz). */
  params?: Partial<FSRSParameters>;
}

interface CardRow {
  id: number;
  kind: string;
  word: string;
  reading: string;
  meaning: string;
  sentence: string;
  translation: string;
  document_id: number | null;
  source_book_id: number | null;
  source_chapter_id: number | null;
  source_paragraph_id: number | null;
  source_book_title: string | null;
  source_chapter_title: string | null;
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: number | null;
  created_at: number;
}

/** What makes two stars the same card: a word (any context), or a sentence. */
export function cardIdentity(c: Pick<CardIdentity, 'kind' | 'word' | 'sentence'>): string {
  return sha256(JSON.stringify(c.kind === 'word' ? ['word', normalizeText(c.word ?? '')] : ['sentence', normalizeText(c.sentence ?? '')]));
}

function sourceOf(r: CardRow): CardSource | undefined {
  if (r.source_book_id === null || r.source_chapter_id === null || r.source_paragraph_id === null || !r.source_book_title) return undefined;
  return {
    bookId: r.source_book_id,
    chapterId: r.source_chapter_id,
    paragraphId: r.source_paragraph_id,
    bookTitle: r.source_book_title,
    chapterTitle: r.source_chapter_title ?? '',
  };
}

const stateName = (s: number): CardState => CARD_STATES[s] ?? 'new';

function toCard(r: CardRow): Card {
  return {
    due: new Date(r.due),
    stability: r.stability,
    difficulty: r.difficulty,
    elapsed_days: r.elapsed_days,
    scheduled_days: r.scheduled_days,
    learning_steps: r.learning_steps,
    reps: r.reps,
    lapses: r.lapses,
    state: r.state as State,
    ...(r.last_review !== null ? { last_review: new Date(r.last_review) } : {}),
  };
}

function toReviewCard(r: CardRow): ReviewCard {
  const source = sourceOf(r);
  return {
    id: r.id,
    kind: r.kind === 'word' ? 'word' : 'sentence',
    word: r.word,
    reading: r.reading,
    meaning: r.meaning,
    sentence: r.sentence,
    translation: r.translation,
    ...(r.document_id !== null ? { documentId: r.document_id } : {}),
    ...(source ? { source } : {}),
    createdAt: r.created_at,
    due: r.due,
    state: stateName(r.state),
    reps: r.reps,
    lapses: r.lapses,
    ...(r.last_review !== null ? { lastReview: r.last_review } : {}),
  };
}

const STATS_DAYS = 30;

/**
 * Starred words and sentences as FSRS cards (ts-fsrs): a new card is due at once;
 * each grade reschedules it and is logged with the user's local day for the
 * daily counts and the streak. Everything is local: it works with no network.
 */
export class ReviewService {
  private readonly f: FSRS;
  private readonly now: () => number;
  private readonly dayOf: (ms: number) => string;
  private readonly endOfDay: (ms: number) => number;
  private readonly q;
  /** Hear each card starred or graded (word knowledge follows its word's card). */
  private readonly cardListeners = new Set<(card: ReviewCard, stability: number) => void>();

  constructor(private readonly db: Database.Database, opts: ReviewOptions = {}) {
    this.f = fsrs({ enable_fuzz: false, ...opts.params });
    this.now = opts.now ?? Date.now;
    this.dayOf = opts.dayOf ?? localDay;
    this.endOfDay = opts.endOfDay ?? endOfLocalDay;
    this.q = {
      // Starring again refreshes the content; the schedule and history stay.
      star: db.prepare<Record<string, unknown>, CardRow>(
        `INSERT INTO review_cards (kind, identity, word, reading, meaning, sentence, translation, document_id, due, stability, difficulty,
           elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, created_at,
           source_book_id, source_chapter_id, source_paragraph_id, source_book_title, source_chapter_title)
         VALUES (@kind, @identity, @word, @reading, @meaning, @sentence, @translation, @documentId, @due, @stability, @difficulty,
           @elapsed_days, @scheduled_days, @learning_steps, @reps, @lapses, @state, NULL, @now,
           @sourceBookId, @sourceChapterId, @sourceParagraphId, @sourceBookTitle, @sourceChapterTitle)
         ON CONFLICT(identity) DO UPDATE SET
           reading = CASE WHEN excluded.reading <> '' THEN excluded.reading ELSE reading END,
           meaning = CASE WHEN excluded.meaning <> '' THEN excluded.meaning ELSE meaning END,
           translation = CASE WHEN excluded.translation <> '' THEN excluded.translation ELSE translation END,
           document_id = coalesce(excluded.document_id, document_id),
           -- A star from a book replaces the source; one from elsewhere keeps it.
           source_book_id = coalesce(excluded.source_book_id, source_book_id),
           source_chapter_id = CASE WHEN excluded.source_book_id IS NOT NULL THEN excluded.source_chapter_id ELSE source_chapter_id END,
           source_paragraph_id = CASE WHEN excluded.source_book_id IS NOT NULL THEN excluded.source_paragraph_id ELSE source_paragraph_id END,
           source_book_title = CASE WHEN excluded.source_book_id IS NOT NULL THEN excluded.source_book_title ELSE source_book_title END,
           source_chapter_title = CASE WHEN excluded.source_book_id IS NOT NULL THEN excluded.source_chapter_title ELSE source_chapter_title END
         RETURNING *`,
      ),
      byId: db.prepare<[number], CardRow>('SELECT * FROM review_cards WHERE id = ?'),
      byIdentity: db.prepare<[string], { id: number }>('SELECT id FROM review_cards WHERE identity = ?'),
      remove: db.prepare<[number]>('DELETE FROM review_cards WHERE id = ?'),
      due: db.prepare<[number, number], CardRow>('SELECT * FROM review_cards WHERE due <= ? ORDER BY due ASC, id ASC LIMIT ?'),
      countDue: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM review_cards WHERE due <= ?'),
      update: db.prepare<Record<string, unknown>>(
        `UPDATE review_cards SET due = @due, stability = @stability, difficulty = @difficulty, elapsed_days = @elapsed_days,
           scheduled_days = @scheduled_days, learning_steps = @learning_steps, reps = @reps, lapses = @lapses, state = @state,
           last_review = @last_review WHERE id = @id`,
      ),
      log: db.prepare<Record<string, unknown>>(
        `INSERT INTO review_log (card_id, rating, state_before, due, stability, difficulty, scheduled_days, reviewed_at, day)
         VALUES (@card_id, @rating, @state_before, @due, @stability, @difficulty, @scheduled_days, @reviewed_at, @day)`,
      ),
      today: db.prepare<[string], { reviewed: number; again: number; learned: number }>(
        `SELECT count(*) AS reviewed, coalesce(sum(rating = 1), 0) AS again, coalesce(sum(state_before = 0), 0) AS learned
         FROM review_log WHERE day = ?`,
      ),
      byState: db.prepare<[], { state: number; n: number }>('SELECT state, count(*) AS n FROM review_cards GROUP BY state'),
      days: db.prepare<[], { day: string; n: number }>('SELECT day, count(*) AS n FROM review_log GROUP BY day'),
      page: db.prepare<[number, number], CardRow>('SELECT * FROM review_cards ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?'),
      all: db.prepare<[], CardRow>('SELECT * FROM review_cards ORDER BY created_at ASC, id ASC'),
      total: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM review_cards'),
    };
  }

  star(input: StarInput): ReviewCard {
    const now = this.now();
    const fresh = createEmptyCard(new Date(now));
    const row = this.q.star.get({
      kind: input.kind,
      identity: cardIdentity(input),
      // A sentence card may name the word it is for (an i+1 sentence's one new word): shown marked.
      word: input.word,
      reading: input.reading,
      meaning: input.meaning,
      sentence: input.sentence,
      translation: input.translation,
      documentId: input.documentId ?? null,
      sourceBookId: input.source?.bookId ?? null,
      sourceChapterId: input.source?.chapterId ?? null,
      sourceParagraphId: input.source?.paragraphId ?? null,
      sourceBookTitle: input.source?.bookTitle ?? null,
      sourceChapterTitle: input.source?.chapterTitle ?? null,
      due: fresh.due.getTime(),
      stability: fresh.stability,
      difficulty: fresh.difficulty,
      elapsed_days: fresh.elapsed_days,
      scheduled_days: fresh.scheduled_days,
      learning_steps: fresh.learning_steps,
      reps: fresh.reps,
      lapses: fresh.lapses,
      state: fresh.state,
      now,
    });
    if (!row) throw new AppError({ code: 'storage_error', message: 'the card was not stored' });
    return this.told(row);
  }

  /** Every word card's word, sentence and FSRS stability (days): word knowledge catching up with cards starred before it followed them. */
  wordCards(): Array<{ word: string; sentence: string; stability: number }> {
    return this.db.prepare("SELECT word, sentence, stability FROM review_cards WHERE kind = 'word' AND word <> '' ORDER BY id").all() as Array<{ word: string; sentence: string; stability: number }>;
  }

  /** Hears every card starred or graded, with its new state and FSRS stability (days); returns the unsubscribe. */
  onCard(listener: (card: ReviewCard, stability: number) => void): () => void {
    this.cardListeners.add(listener);
    return () => this.cardListeners.delete(listener);
  }

  private told(row: CardRow): ReviewCard {
    const card = toReviewCard(row);
    for (const l of [...this.cardListeners]) {
      try {
        l(card, row.stability);
      } catch {
        // A listener's failure is no failure of the review.
      }
    }
    return card;
  }

  idOf(identity: CardIdentity): number | undefined {
    return this.q.byIdentity.get(cardIdentity(identity))?.id;
  }

  unstar(target: number | CardIdentity): boolean {
    const id = typeof target === 'number' ? target : this.idOf(target);
    return id !== undefined && this.q.remove.run(id).changes > 0;
  }

  due(limit: number): DueList {
    const now = this.now();
    const cards = this.q.due.all(now, limit).map((r) => {
      const preview = this.f.repeat(toCard(r), new Date(now));
      const intervals = Object.fromEntries(GRADES.map((g) => [g, preview[g as FsrsGrade].card.due.getTime() - now])) as Record<Grade, number>;
      return { ...toReviewCard(r), intervals };
    });
    return { cards, dueCount: this.q.countDue.get(now)?.n ?? 0 };
  }

  grade(id: number, grade: Grade): GradeResult {
    const now = this.now();
    const card = this.db.transaction(() => {
      const row = this.q.byId.get(id);
      if (!row) throw new AppError({ code: 'not_found', message: `no card ${id}`, status: 404 });
      const { card: next } = this.f.next(toCard(row), new Date(now), grade as FsrsGrade);
      const due = next.due.getTime();
      this.q.update.run({
        id,
        due,
        stability: next.stability,
        difficulty: next.difficulty,
        elapsed_days: next.elapsed_days,
        scheduled_days: next.scheduled_days,
        learning_steps: next.learning_steps,
        reps: next.reps,
        lapses: next.lapses,
        state: next.state,
        last_review: now,
      });
      this.q.log.run({
        card_id: id,
        rating: grade,
        state_before: row.state,
        due,
        stability: next.stability,
        difficulty: next.difficulty,
        scheduled_days: next.scheduled_days,
        reviewed_at: now,
        day: this.dayOf(now),
      });
      return this.q.byId.get(id)!;
    }).immediate();
    return { card: this.told(card), stats: this.stats() };
  }

  stats(): ReviewStats {
    const now = this.now();
    const today = this.dayOf(now);
    const t = this.q.today.get(today) ?? { reviewed: 0, again: 0, learned: 0 };
    const byState = Object.fromEntries(CARD_STATES.map((s) => [s, 0])) as Record<CardState, number>;
    let total = 0;
    for (const r of this.q.byState.all()) {
      byState[stateName(r.state)] += r.n;
      total += r.n;
    }
    const perDay = new Map(this.q.days.all().map((r) => [r.day, r.n]));
    const { current, longest } = streaks(perDay.keys(), today);
    const days = Array.from({ length: STATS_DAYS }, (_, i) => {
      const day = addDays(today, i - (STATS_DAYS - 1));
      return { day, count: perDay.get(day) ?? 0 };
    });
    return {
      today: { reviewed: t.reviewed, again: t.again, learned: t.learned },
      dueNow: this.q.countDue.get(now)?.n ?? 0,
      dueToday: this.q.countDue.get(this.endOfDay(now) - 1)?.n ?? 0,
      total,
      byState,
      streak: current,
      longestStreak: longest,
      days,
    };
  }

  page(limit: number, offset: number): { cards: ReviewCard[]; total: number } {
    return { cards: this.q.page.all(limit, offset).map(toReviewCard), total: this.q.total.get()?.n ?? 0 };
  }

  /** The given cards (in that order, unknown ids skipped), or all of them, oldest first. */
  select(ids?: readonly number[]): ReviewCard[] {
    if (!ids) return this.q.all.all().map(toReviewCard);
    return ids.flatMap((id) => {
      const r = this.q.byId.get(id);
      return r ? [toReviewCard(r)] : [];
    });
  }

  count(): number {
    return this.q.total.get()?.n ?? 0;
  }
}
