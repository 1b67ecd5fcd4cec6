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
import type { CardSort } from '../../../shared/contract/cards';
import { AppError } from '../../../shared/result';
import { normalizeText, sha256 } from '../cache/cacheKey';
import { parseQuery, shortTermMatch, withShortTerms, type ParsedQuery } from '../library/search';
import { addDays, endOfLocalDay, localDay, streaks } from './days';

export interface StarInput {
  kind: CardKind;
  /** Word cards: the headword (dictionary form), normalised by the caller (core.words). */
  word: string;
  /** Word cards: the headword's reading in hiragana. */
  reading: string;
  meaning: string;
  sentence: string;
  translation: string;
  /** The form the word was starred in, when it differs from `word`. */
  surface?: string;
  explanation?: string;
  sense?: { entryId: number; index: number };
  notes?: string;
  documentId?: number;
  source?: CardSource;
  sourceLabel?: string;
  /**
   * `given`: the learner's own (an image, a region selected on it), set even on a card whose
   * picture was taken off; `book`: the illustration beside the paragraph, never put back on a
   * card the learner took a picture off.
   */
  picture?: { mimeType: string; data: Buffer; from: 'given' | 'book' };
}

/** What the learner may change on a card (the card browser). */
export interface CardEdit {
  word?: string;
  reading?: string;
  meaning?: string;
  sentence?: string;
  translation?: string;
  notes?: string;
  /** The learner does not want the card's picture (one taken from a book's illustration, say). */
  removePicture?: boolean;
}


export interface BrowseQuery {
  query?: string;
  sort?: CardSort;
  desc?: boolean;
  offset?: number;
  limit?: number;
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
  identity: string;
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
  surface: string;
  notes: string;
  explanation: string;
  sense_entry_id: number | null;
  sense_index: number | null;
  source_label: string | null;
  updated_at: number | null;
  exported_at: number | null;
  anki_note_id: number | null;
  has_picture?: number;
  picture_removed?: number;
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

/**
 * What makes two stars the same card: a word by its headword and reading (any context, any
 * form: the caller normalises it), or a sentence. A word with no reading (no Japanese the
 * analyzer could read) is its written form alone, which is also how cards made before the
 * headword rule were keyed: `idOf` finds those too.
 */
export function cardIdentity(c: Pick<CardIdentity, 'kind' | 'word' | 'reading' | 'sentence'>): string {
  if (c.kind !== 'word') return sha256(JSON.stringify(['sentence', normalizeText(c.sentence ?? '')]));
  const word = normalizeText(c.word ?? '');
  const reading = normalizeText(c.reading ?? '');
  return sha256(JSON.stringify(reading ? ['word', word, reading] : ['word', word]));
}

/** The texts the card browser searches (all in its trigram index, migration 16). */
const SEARCHED = ['word', 'reading', 'surface', 'meaning', 'sentence', 'translation', 'notes'] as const;
/** Up to this many index matches, sorting them is cheaper than walking the order's index. */
const FEW_CARD_MATCHES = 2_000;
/** A short term beginning more trigrams than this is searched with LIKE (an OR that wide costs more than the scan). */
export const MAX_CARD_SHORT_TERM_TRIGRAMS = 256;

const ORDER: Record<CardSort, string> = { created: 'created_at', due: 'due', word: "CASE WHEN kind = 'word' THEN word ELSE sentence END", state: 'state' };

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
    ...(r.surface && r.surface !== r.word ? { surface: r.surface } : {}),
    ...(r.explanation ? { explanation: r.explanation } : {}),
    ...(r.notes ? { notes: r.notes } : {}),
    ...(r.sense_entry_id !== null && r.sense_index !== null ? { sense: { entryId: r.sense_entry_id, index: r.sense_index } } : {}),
    ...(r.source_label ? { sourceLabel: r.source_label } : {}),
    ...(r.has_picture ? { hasPicture: true } : {}),
    ...(r.updated_at !== null ? { updatedAt: r.updated_at } : {}),
    ...(r.exported_at !== null ? { exportedAt: r.exported_at } : {}),
  };
}

const CARD_COLUMNS = `review_cards.*, EXISTS (SELECT 1 FROM card_pictures p WHERE p.card_id = review_cards.id) AS has_picture`;

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
      insert: db.prepare<Record<string, unknown>, { id: number }>(
        `INSERT INTO review_cards (kind, identity, word, reading, meaning, sentence, translation, document_id, due, stability, difficulty,
           elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, created_at,
           source_book_id, source_chapter_id, source_paragraph_id, source_book_title, source_chapter_title,
           surface, explanation, notes, sense_entry_id, sense_index, source_label, updated_at)
         VALUES (@kind, @identity, @word, @reading, @meaning, @sentence, @translation, @documentId, @due, @stability, @difficulty,
           @elapsed_days, @scheduled_days, @learning_steps, @reps, @lapses, @state, NULL, @now,
           @sourceBookId, @sourceChapterId, @sourceParagraphId, @sourceBookTitle, @sourceChapterTitle,
           @surface, @explanation, @notes, @senseEntryId, @senseIndex, @sourceLabel, @now)
         RETURNING id`,
      ),
      // Starring again keeps the card, its schedule and what the learner wrote; it only fills what is empty.
      again: db.prepare<Record<string, unknown>>(
        `UPDATE review_cards SET
           reading = CASE WHEN reading = '' THEN @reading ELSE reading END,
           meaning = CASE WHEN meaning = '' THEN @meaning ELSE meaning END,
           sense_entry_id = CASE WHEN meaning = '' THEN @senseEntryId ELSE sense_entry_id END,
           sense_index = CASE WHEN meaning = '' THEN @senseIndex ELSE sense_index END,
           translation = CASE WHEN translation = '' THEN @translation ELSE translation END,
           explanation = CASE WHEN explanation = '' THEN @explanation ELSE explanation END,
           surface = CASE WHEN surface = '' THEN @surface ELSE surface END,
           document_id = coalesce(@documentId, document_id),
           source_label = coalesce(@sourceLabel, source_label),
           -- A star from a book replaces the source; one from elsewhere keeps it.
           source_book_id = coalesce(@sourceBookId, source_book_id),
           source_chapter_id = CASE WHEN @sourceBookId IS NOT NULL THEN @sourceChapterId ELSE source_chapter_id END,
           source_paragraph_id = CASE WHEN @sourceBookId IS NOT NULL THEN @sourceParagraphId ELSE source_paragraph_id END,
           source_book_title = CASE WHEN @sourceBookId IS NOT NULL THEN @sourceBookTitle ELSE source_book_title END,
           source_chapter_title = CASE WHEN @sourceBookId IS NOT NULL THEN @sourceChapterTitle ELSE source_chapter_title END
         WHERE id = @id`,
      ),
      edit: db.prepare<Record<string, unknown>>(
        `UPDATE review_cards SET word = @word, reading = @reading, meaning = @meaning, sentence = @sentence, translation = @translation,
           notes = @notes, identity = @identity, updated_at = @now WHERE id = @id`,
      ),
      picture: db.prepare<[number], { mime: string; data: Buffer }>('SELECT mime, data FROM card_pictures WHERE card_id = ?'),
      removePicture: db.prepare<[number]>('DELETE FROM card_pictures WHERE card_id = ?'),
      pictureRemoved: db.prepare<[number, number]>('UPDATE review_cards SET picture_removed = ? WHERE id = ?'),
      setPicture: db.prepare<[number, string, Buffer]>('INSERT OR REPLACE INTO card_pictures (card_id, mime, data) VALUES (?, ?, ?)'),
      exported: db.prepare<[number, number | null, number]>('UPDATE review_cards SET exported_at = ?, anki_note_id = coalesce(?, anki_note_id) WHERE id = ?'),
      notExported: db.prepare<[], CardRow>(`SELECT ${CARD_COLUMNS} FROM review_cards WHERE exported_at IS NULL OR updated_at > exported_at ORDER BY created_at ASC, id ASC`),
      lastExport: db.prepare<[], { at: number | null }>('SELECT max(exported_at) AS at FROM review_cards'),
      byId: db.prepare<[number], CardRow>(`SELECT ${CARD_COLUMNS} FROM review_cards WHERE id = ?`),
      byIdentity: db.prepare<[string], { id: number }>('SELECT id FROM review_cards WHERE identity = ?'),
      byWord: db.prepare<[string], { id: number }>("SELECT id FROM review_cards WHERE kind = 'word' AND word = ? ORDER BY id LIMIT 1"),
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
      page: db.prepare<[number, number], CardRow>(`SELECT ${CARD_COLUMNS} FROM review_cards ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`),
      all: db.prepare<[], CardRow>(`SELECT ${CARD_COLUMNS} FROM review_cards ORDER BY created_at ASC, id ASC`),
      total: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM review_cards'),
      // One more than the cap: enough to know a short term is over it.
      trigramsFrom: db.prepare<[string, string, number], string>('SELECT term FROM review_cards_fts_vocab WHERE term >= ? AND term < ? LIMIT ?').pluck(),
    };
  }

  /** Makes the card, or finds the one already there (never a second card for a word). */
  star(input: StarInput): ReviewCard & { existed: boolean } {
    const now = this.now();
    const fresh = createEmptyCard(new Date(now));
    const word = input.kind === 'word' ? input.word : '';
    const params = {
      reading: input.reading,
      meaning: input.meaning,
      translation: input.translation,
      surface: input.kind === 'word' && input.surface && input.surface !== word ? input.surface : '',
      explanation: input.explanation ?? '',
      senseEntryId: input.sense?.entryId ?? null,
      senseIndex: input.sense?.index ?? null,
      documentId: input.documentId ?? null,
      sourceLabel: input.sourceLabel ?? null,
      sourceBookId: input.source?.bookId ?? null,
      sourceChapterId: input.source?.chapterId ?? null,
      sourceParagraphId: input.source?.paragraphId ?? null,
      sourceBookTitle: input.source?.bookTitle ?? null,
      sourceChapterTitle: input.source?.chapterTitle ?? null,
    };
    return this.db.transaction(() => {
      const existing = this.idOf({ kind: input.kind, word, reading: input.reading, sentence: input.sentence, ...(input.surface ? { surface: input.surface } : {}) });
      let id = existing;
      if (id !== undefined) this.q.again.run({ ...params, id });
      else {
        id = this.q.insert.get({
          ...params,
          kind: input.kind,
          identity: cardIdentity({ kind: input.kind, word, reading: input.reading, sentence: input.sentence }),
          // A sentence card may name the word it is for (an i+1 sentence's one new word): shown marked.
          word: input.word,
          sentence: input.sentence,
          notes: input.notes ?? '',
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
        })?.id;
      }
      if (id === undefined) throw new AppError({ code: 'storage_error', message: 'the card was not stored' });
      const row = this.q.byId.get(id)!;
      // A card keeps the picture it has; one the learner took off stays off unless the learner gives one.
      if (input.picture && !row.has_picture && (input.picture.from === 'given' || !row.picture_removed)) {
        this.q.setPicture.run(id, input.picture.mimeType, input.picture.data);
        if (row.picture_removed) this.q.pictureRemoved.run(0, id);
        return { ...this.told(this.q.byId.get(id)!), existed: existing !== undefined };
      }
      return { ...this.told(row), existed: existing !== undefined };
    }).immediate();
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

  /**
   * The card of a word (by headword and reading; also a card made before headwords, keyed by its
   * written form, or by the form given as `surface`) or of a sentence.
   */
  idOf(identity: Pick<CardIdentity, 'kind' | 'word' | 'reading' | 'sentence'> & { surface?: string }): number | undefined {
    const candidates =
      identity.kind === 'word'
        ? [identity, { kind: 'word' as const, word: identity.word }, ...(identity.surface ? [{ kind: 'word' as const, word: identity.surface }] : [])]
        : [identity];
    for (const c of candidates) {
      const hit = this.q.byIdentity.get(cardIdentity(c))?.id;
      if (hit !== undefined) return hit;
    }
    // A word asked for without its reading: the card headed by it, whatever its reading.
    return identity.kind === 'word' && !identity.reading && identity.word ? this.q.byWord.get(normalizeText(identity.word))?.id : undefined;
  }

  get(id: number): ReviewCard | undefined {
    const r = this.q.byId.get(id);
    return r ? toReviewCard(r) : undefined;
  }

  unstar(target: number | (CardIdentity & { surface?: string })): boolean {
    const id = typeof target === 'number' ? target : this.idOf(target);
    return id !== undefined && this.q.remove.run(id).changes > 0;
  }

  /** The learner's edit of a card; a word given another headword takes that identity (refused when another card has it). */
  edit(id: number, change: CardEdit): ReviewCard {
    return this.db.transaction(() => {
      const row = this.q.byId.get(id);
      if (!row) throw new AppError({ code: 'not_found', message: `no card ${id}`, status: 404 });
      const next = {
        word: change.word ?? row.word,
        reading: change.reading ?? row.reading,
        meaning: change.meaning ?? row.meaning,
        sentence: change.sentence ?? row.sentence,
        translation: change.translation ?? row.translation,
        notes: change.notes ?? row.notes,
      };
      if (row.kind === 'word' && next.word.trim() === '') throw new AppError({ code: 'bad_request', message: 'a word card needs a word', status: 400 });
      if (next.sentence.trim() === '') throw new AppError({ code: 'bad_request', message: 'a card needs a sentence', status: 400 });
      const kind: CardKind = row.kind === 'word' ? 'word' : 'sentence';
      // The identity follows the headword the learner wrote; an unchanged word keeps the one it had (a legacy key).
      const keyChanged = kind === 'word' ? next.word !== row.word || next.reading !== row.reading : next.sentence !== row.sentence;
      const identity = keyChanged ? cardIdentity({ kind, word: next.word, reading: next.reading, sentence: next.sentence }) : row.identity;
      if (keyChanged) {
        const other = this.q.byIdentity.get(identity)?.id;
        if (other !== undefined && other !== id) throw new AppError({ code: 'bad_request', message: 'another card already has this word', status: 409, details: { cardId: other } });
      }
      this.q.edit.run({ ...next, identity, id, now: this.now() });
      if (change.removePicture) {
        this.q.removePicture.run(id);
        this.q.pictureRemoved.run(1, id);
      }
      return toReviewCard(this.q.byId.get(id)!);
    }).immediate();
  }

  picture(id: number): { mimeType: string; data: Buffer } | undefined {
    const p = this.q.picture.get(id);
    return p ? { mimeType: p.mime, data: p.data } : undefined;
  }

  /**
   * A page of the card browser: cards whose word, reading, form, meaning, sentence, translation
   * or notes contain every term of `query`, in the order asked, with the number that match.
   * Through the trigram index (migration 16): a term matching few cards drives the query from
   * the index and sorts those; a common one walks the order's index and stops after a page. A
   * 1–2 character term is the OR of the trigrams it begins, or LIKE when it begins too many.
   */
  browse(q: BrowseQuery = {}): { cards: ReviewCard[]; total: number } {
    const sort = q.sort ?? 'created';
    const dir = q.desc === false ? 'ASC' : 'DESC';
    const limit = q.limit ?? 200;
    const offset = q.offset ?? 0;
    const parsed = withShortTerms(parseQuery(q.query ?? ''), (term) => {
      // The index folds case like this; U+10FFFF sorts after every continuation (UTF-8 order).
      const lower = term.toLowerCase();
      return shortTermMatch(this.q.trigramsFrom.all(lower, `${lower}\u{10FFFF}`, MAX_CARD_SHORT_TERM_TRIGRAMS + 1), MAX_CARD_SHORT_TERM_TRIGRAMS);
    });
    if (parsed === null) return { cards: [], total: 0 };
    const params: Record<string, unknown> = Object.fromEntries(parsed.likes.map((l, i) => [`like${i}`, l]));
    if (parsed.match) params.match = parsed.match;
    const order = `${ORDER[sort]} ${dir}, id ${dir}`;
    if (parsed.likes.length > 0) {
      // LIKE reads every card anyway: one pass yields both the count and the page.
      const ids = this.browseStatement(`ids ${order} ${parsed.match ? 'm' : ''} ${parsed.likes.length}`, () =>
        // `+` keeps the order's index out: the table is scanned in storage order and the matches sorted.
        `SELECT id FROM review_cards ${this.browseWhere(parsed, true)} ORDER BY +${order}`,
      ).pluck().all(params) as number[];
      return { cards: ids.slice(offset, offset + limit).flatMap((id) => { const r = this.q.byId.get(id); return r ? [toReviewCard(r)] : []; }), total: ids.length };
    }
    const total = parsed.match
      ? (this.browseStatement('count m', () => 'SELECT count(*) FROM review_cards_fts WHERE review_cards_fts MATCH @match').pluck().get(params) as number)
      : this.q.total.get()!.n;
    if (total === 0) return { cards: [], total };
    const driven = parsed.match !== undefined && total <= FEW_CARD_MATCHES;
    const rows = this.browseStatement(`rows ${order} ${parsed.match ? 'm' : ''} ${driven ? 'd' : ''}`, () =>
      `SELECT ${CARD_COLUMNS} FROM review_cards ${this.browseWhere(parsed, driven)} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
    ).all({ ...params, limit, offset }) as CardRow[];
    return { cards: rows.map(toReviewCard), total };
  }

  private browseWhere(q: ParsedQuery, driven: boolean): string {
    const where = [
      // `+id` keeps the planner from driving by the match list, so ORDER BY can walk its index and stop after a page.
      ...(q.match ? [`${driven ? 'id' : '+id'} IN (SELECT rowid FROM review_cards_fts WHERE review_cards_fts MATCH @match)`] : []),
      ...q.likes.map((_, i) => `(${SEARCHED.map((c) => `${c} LIKE @like${i} ESCAPE '\\'`).join(' OR ')})`),
    ];
    return where.length ? `WHERE ${where.join(' AND ')}` : '';
  }

  private browseStatement(shape: string, sql: () => string): Database.Statement {
    let stmt = this.browseStatements.get(shape);
    if (!stmt) {
      stmt = this.db.prepare(sql());
      this.browseStatements.set(shape, stmt);
    }
    return stmt;
  }

  private readonly browseStatements = new Map<string, Database.Statement>();

  /** Cards never sent to Anki, or edited since they were. */
  notExported(): ReviewCard[] {
    return this.q.notExported.all().map(toReviewCard);
  }

  markExported(id: number, noteId?: number): void {
    this.q.exported.run(this.now(), noteId ?? null, id);
  }

  lastExport(): number | undefined {
    return this.q.lastExport.get()?.at ?? undefined;
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
