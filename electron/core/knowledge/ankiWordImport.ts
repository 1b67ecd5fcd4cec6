/**
 * Word statuses from the learner's Anki collection, through AnkiConnect: the cards an Anki
 * search finds (`findCards`), read in batches (`cardsInfo`: each card's note, fields,
 * interval in days and queue, -1 when suspended). A note's word is known when one of its cards
 * has an interval of `knownAfterDays` or more, else learning. Nothing is saved until every card
 * is read, so Anki going away mid-import leaves the store as it was; a re-import updates the
 * same words (they are keyed by word, not by note).
 */
import { AppError } from '../../../shared/result';
import type { AnkiImportReport, SuspendedChoice, WordImportProgress } from '../../../shared/contract/words';
import { wordKeyId, type WordKey } from '../../../shared/words';
import type { WordIdentity } from '../words/wordIdentity';
import { wordOfAnkiField } from './ankiField';
import type { ListWordCheck } from './listWordCheck';
import { recognizeWords } from './recognizeWords';
import type { WordKnowledge } from './wordKnowledge';

export const DEFAULT_KNOWN_AFTER_DAYS = 21;
/** Cards per `cardsInfo` call: replies of a few hundred KB. */
const BATCH = 500;
const UNRECOGNIZED_MAX = 200;

export interface AnkiInvoker {
  invoke<T = unknown>(action: string, params?: Record<string, unknown>): Promise<T>;
}

interface CardInfo {
  cardId: number;
  note: number;
  interval: number;
  queue: number;
  fields: Record<string, { value: string; order: number }>;
}

export interface AnkiWordImportOptions {
  query: string;
  field: string;
  knownAfterDays?: number;
  suspended?: SuspendedChoice;
  overwriteMarks?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: WordImportProgress) => void;
}

interface NoteState {
  value: string;
  interval: number;
  /** Every card of the note is suspended. */
  suspended: boolean;
}

function checked(signal?: AbortSignal): void {
  if (signal?.aborted) throw new AppError({ code: 'cancelled', message: 'cancelled' });
}

async function findCards(anki: AnkiInvoker, query: string): Promise<number[]> {
  const ids = await anki.invoke<unknown>('findCards', { query });
  if (!Array.isArray(ids)) throw new AppError({ code: 'upstream_error', message: 'Unexpected AnkiConnect reply to findCards.', status: 502 });
  if (ids.length === 0) throw new AppError({ code: 'anki_no_notes', message: `No Anki note matches “${query}”.`, status: 404, details: { query } });
  return ids as number[];
}

async function cardsInfo(anki: AnkiInvoker, cards: number[]): Promise<CardInfo[]> {
  const info = await anki.invoke<unknown>('cardsInfo', { cards });
  if (!Array.isArray(info)) throw new AppError({ code: 'upstream_error', message: 'Unexpected AnkiConnect reply to cardsInfo.', status: 502 });
  // A card deleted since the search answers {}: left out.
  return (info as Array<Partial<CardInfo>>).filter((c): c is CardInfo => typeof c?.note === 'number' && typeof c.fields === 'object' && c.fields !== null);
}

/** The field names of the notes the search matches (those of its first cards), and how many cards it matches. */
export async function ankiFieldsOf(anki: AnkiInvoker, query: string): Promise<{ cards: number; fields: string[] }> {
  const ids = await findCards(anki, query);
  const info = await cardsInfo(anki, ids.slice(0, 50));
  const fields = new Set<string>();
  for (const c of info) for (const [name] of Object.entries(c.fields).sort((a, b) => a[1].order - b[1].order)) fields.add(name);
  return { cards: ids.length, fields: [...fields] };
}

export async function importAnkiWords(
  anki: AnkiInvoker,
  /** `isWord`: the word list's check (listWordCheck.ts): a field holding random kanji, a sentence or made-up katakana is reported, not stored. */
  deps: { identity: Pick<WordIdentity, 'wordShapes' | 'normalise'>; knowledge: WordKnowledge; isWord: ListWordCheck },
  opts: AnkiWordImportOptions,
): Promise<AnkiImportReport> {
  const knownAfter = opts.knownAfterDays ?? DEFAULT_KNOWN_AFTER_DAYS;
  const suspended = opts.suspended ?? 'skip';
  const progress = (phase: WordImportProgress['phase'], done: number, total: number) => opts.onProgress?.({ kind: 'anki', phase, done, total });

  progress('searching', 0, 0);
  const ids = await findCards(anki, opts.query);
  checked(opts.signal);
  const notes = new Map<number, NoteState>();
  const fieldNames = new Set<string>();
  for (let i = 0; i < ids.length; i += BATCH) {
    progress('reading', i, ids.length);
    const batch = await cardsInfo(anki, ids.slice(i, i + BATCH));
    checked(opts.signal);
    for (const card of batch) {
      for (const name of Object.keys(card.fields)) fieldNames.add(name);
      const value = card.fields[opts.field]?.value;
      if (value === undefined) continue;
      const isSuspended = card.queue === -1;
      const seen = notes.get(card.note);
      if (!seen) notes.set(card.note, { value, interval: isSuspended ? -Infinity : card.interval, suspended: isSuspended });
      else if (!isSuspended) {
        seen.suspended = false;
        seen.interval = Math.max(seen.interval, card.interval);
      }
    }
  }
  if (notes.size === 0) {
    throw new AppError({
      code: 'anki_no_field',
      message: `The notes of “${opts.query}” have no field “${opts.field}” (they have ${[...fieldNames].join(', ') || 'none'}).`,
      status: 400,
      details: { field: opts.field, fields: [...fieldNames] },
    });
  }

  progress('saving', ids.length, ids.length);
  let skipped = 0;
  let notWords = 0;
  const unrecognized: string[] = [];
  const notAWord = (text: string) => {
    skipped++;
    notWords++;
    if (unrecognized.length < UNRECOGNIZED_MAX && text !== '') unrecognized.push(text);
  };
  const wanted: Array<{ note: NoteState; term: string; reading?: string }> = [];
  for (const note of notes.values()) {
    if (note.suspended && suspended === 'skip') {
      skipped++;
      continue;
    }
    const word = wordOfAnkiField(note.value);
    if (!word) {
      if (note.value.trim() === '') skipped++; // an empty field: nothing to report
      else notAWord(note.value.trim());
    }
    else wanted.push({ note, term: word.term.normalize('NFC'), ...(word.reading ? { reading: word.reading } : {}) });
  }
  const keys = await recognizeWords(wanted, deps.identity, deps.isWord, opts.signal);

  // One status per word: a word on several notes is as known as its best note.
  const byWord = new Map<string, { key: WordKey; status: 'known' | 'learning' }>();
  for (const [i, w] of wanted.entries()) {
    const key = keys[i];
    if (!key) {
      // Reported as the field gave it, markup aside (食[た]べ物 as 食[た]べ物, not as the word it would have been).
      notAWord(w.reading ? `${w.term}[${w.reading}]` : w.term);
      continue;
    }
    const status = w.note.suspended ? (suspended === 'known' ? 'known' : 'learning') : w.note.interval >= knownAfter ? 'known' : 'learning';
    const id = wordKeyId(key);
    if (byWord.get(id)?.status !== 'known') byWord.set(id, { key, status });
  }
  checked(opts.signal);
  const items = [...byWord.values()].map((w) => ({ ...w.key, status: w.status }));
  const outcome = deps.knowledge.setStatus(items, 'anki', { overwriteMarks: opts.overwriteMarks ?? false });
  const conflicted = new Set(outcome.conflicts.map((c) => wordKeyId(c)));
  let known = 0;
  let learning = 0;
  for (const [id, w] of byWord) {
    if (conflicted.has(id)) continue;
    if (w.status === 'known') known++;
    else learning++;
  }
  progress('done', ids.length, ids.length);
  return {
    known,
    learning,
    skipped: skipped + outcome.conflicts.length,
    notes: notes.size,
    updated: outcome.updated,
    unrecognized,
    notWords,
    conflicts: outcome.conflicts.map((c) => ({ term: c.term, reading: c.reading, status: c.status, wanted: c.wanted })),
  };
}
