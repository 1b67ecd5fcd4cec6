/**
 * Rich Anki notes of review cards (issue 25): the app's note type (made on the first export,
 * upgraded when fields are added) or a note type of the learner's with our fields mapped onto
 * it; a duplicate check against the deck first (skip, add anyway, or update the note there);
 * word and sentence audio and the picture stored as media; a progress report after each card
 * and a summary naming every failure.
 */
import type { AnkiNotesSummary, DuplicateMode, NoteField, NoteTarget } from '../../../shared/contract/cards';
import { cardSourceLabel, type ReviewCard } from '../../../shared/contract/review';
import type { Token } from '../../../shared/domain';
import { AppError } from '../../../shared/result';
import type { WordKey } from '../../../shared/words';
import type { AnkiConnect } from './ankiConnect';
import { duplicateQuery } from './ankiQuery';
import { APP_NOTE_TYPE, ensureAppNoteType } from './appNoteType';
import { escapeHtml, furigana, markedSentence, pitchGraph, sentenceFurigana } from './noteFields';
import type { NoteAudio } from './noteAudio';

/**
 * Pitch, frequency and JLPT level of a word: the seam for the word-facts data (Yomitan
 * dictionaries, core `wordFacts({ term, reading })`); without it those fields stay empty.
 */
export interface WordFacts {
  /** Downstep positions (0 heiban, n: the fall after mora n); the first is the graph's. */
  pitch?: number[];
  frequency?: string;
  jlpt?: string;
}
export type WordFactsSource = (key: WordKey) => WordFacts | undefined | Promise<WordFacts | undefined>;

export interface NoteSources {
  /** Audio of a text: cached, else synthesized (and cached); throws when the TTS fails. */
  audio(text: string, signal?: AbortSignal): Promise<NoteAudio>;
  picture(cardId: number): { mimeType: string; data: Buffer } | undefined;
  /** The sentence's tokens with readings (the offline analyzer), for its furigana. */
  tokens(sentence: string, signal?: AbortSignal): Promise<Array<Pick<Token, 'word' | 'furigana'>>>;
  /** Parts of speech of the card's dictionary sense. */
  partOfSpeech(card: ReviewCard): string[];
  wordFacts?: WordFactsSource;
}

export interface RichExportOptions {
  deck: string;
  target: NoteTarget;
  duplicates: DuplicateMode;
  sources: NoteSources;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
  /** A card went to Anki (added or updated) as this note. */
  onExported?(cardId: number, noteId: number): void;
}

/** Failed syntheses in a row after which the rest of an export goes without audio (the TTS is down). */
const GIVE_UP_AUDIO_AFTER = 3;
const PICTURE_EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
const fatal = (e: unknown) => e instanceof AppError && (e.data.code === 'anki_unavailable' || e.data.code === 'cancelled');

/** Where the word is in its sentence: at its written form, else its headword. */
function wordRange(card: ReviewCard): { start: number; end: number } | undefined {
  for (const form of [card.surface, card.word]) {
    if (!form) continue;
    const at = card.sentence.indexOf(form);
    if (at >= 0) return { start: at, end: at + form.length };
  }
  return undefined;
}

/** Our fields of a card, media aside. */
async function textFields(card: ReviewCard, sources: NoteSources, signal?: AbortSignal): Promise<Partial<Record<NoteField, string>>> {
  const word = card.kind === 'word';
  const facts = word && card.reading ? await sources.wordFacts?.({ term: card.word, reading: card.reading }) : undefined;
  const tokens = await sources.tokens(card.sentence, signal).catch(() => []);
  const range = word ? wordRange(card) : undefined;
  const pitch = facts?.pitch?.[0];
  return {
    Expression: escapeHtml(word ? card.word : card.sentence),
    ExpressionFurigana: word ? furigana(card.word, card.reading) : '',
    ExpressionReading: escapeHtml(card.reading),
    MainDefinition: escapeHtml(card.meaning),
    PartOfSpeech: word ? escapeHtml(sources.partOfSpeech(card).join(', ')) : '',
    PitchPosition: facts?.pitch?.length ? facts.pitch.map((p) => `[${p}]`).join(' ') : '',
    PitchGraph: pitch !== undefined ? pitchGraph(card.reading, pitch) : '',
    Frequency: escapeHtml(facts?.frequency ?? ''),
    JLPT: escapeHtml(facts?.jlpt ?? ''),
    Sentence: word ? markedSentence(card.sentence, [card.surface ?? '', card.word]) : escapeHtml(card.sentence),
    SentenceFurigana: tokens.length && tokens.map((t) => t.word).join('') === card.sentence ? sentenceFurigana(tokens, range) : '',
    SentenceTranslation: escapeHtml(card.translation),
    Source: escapeHtml(cardSourceLabel(card.source) || card.sourceLabel || ''),
    Explanation: escapeHtml(card.explanation ?? ''),
    Notes: escapeHtml(card.notes ?? ''),
  };
}

/** Anki's note types with their fields. */
export async function ankiNoteTypes(anki: AnkiConnect): Promise<Array<{ name: string; fields: string[] }>> {
  const names = await anki.invoke<string[]>('modelNames');
  return Promise.all(names.map(async (name) => ({ name, fields: await anki.invoke<string[]>('modelFieldNames', { modelName: name }) })));
}

export async function exportNotes(anki: AnkiConnect, cards: readonly ReviewCard[], opts: RichExportOptions): Promise<AnkiNotesSummary> {
  const version = await anki.invoke<number>('version');
  if (typeof version !== 'number' || version < 6) {
    throw new AppError({ code: 'upstream_error', message: `AnkiConnect ${String(version)} is too old: update the add-on (version 6 or later).`, status: 502 });
  }
  const decks = await anki.invoke<string[]>('deckNames');
  if (!decks.includes(opts.deck)) await anki.invoke('createDeck', { deck: opts.deck });

  // Our field → the note type's field.
  let model: string;
  let map: Partial<Record<NoteField, string>>;
  const summary: AnkiNotesSummary = { deck: opts.deck, model: '', total: cards.length, added: 0, updated: 0, skipped: 0, withWordAudio: 0, withSentenceAudio: 0, missingAudio: 0, noteTypeCreated: false, fieldsAdded: [], failed: [] };
  if (opts.target.kind === 'app') {
    const ready = await ensureAppNoteType(anki);
    model = APP_NOTE_TYPE;
    map = Object.fromEntries(ready.fields.map((f) => [f, f])) as Partial<Record<NoteField, string>>;
    summary.noteTypeCreated = ready.created;
    summary.fieldsAdded = ready.upgraded;
  } else {
    model = opts.target.model;
    const models = await anki.invoke<string[]>('modelNames');
    if (!models.includes(model)) throw new AppError({ code: 'bad_request', message: `Anki has no note type "${model}".`, status: 400 });
    const fields = await anki.invoke<string[]>('modelFieldNames', { modelName: model });
    const unknown = Object.values(opts.target.fields).filter((f) => !fields.includes(f));
    if (unknown.length) throw new AppError({ code: 'bad_request', message: `The note type "${model}" has no field ${unknown.join(', ')}.`, status: 400 });
    map = opts.target.fields;
  }
  summary.model = model;
  const firstField = map.Expression;

  // The same text is spoken once per export (a word card and its sentence's card share a sentence).
  const spoken = new Map<string, Promise<NoteAudio | undefined>>();
  const stored = new Set<string>();
  // After this many failed syntheses in a row the TTS is taken as down: the other notes go without audio at once.
  let failuresInRow = 0;
  const media = (text: string): Promise<NoteAudio | undefined> => {
    let p = spoken.get(text);
    if (!p) {
      p = (failuresInRow >= GIVE_UP_AUDIO_AFTER ? Promise.reject(new Error('speech synthesis given up')) : opts.sources.audio(text, opts.signal)).then(
        async (a) => {
          failuresInRow = 0;
          if (!stored.has(a.filename)) await anki.invoke('storeMediaFile', { filename: a.filename, data: a.data });
          stored.add(a.filename);
          return a;
        },
        (e: unknown) => {
          if (fatal(e)) throw e;
          failuresInRow++;
          return undefined;
        },
      );
      spoken.set(text, p);
    }
    return p;
  };

  for (const [index, card] of cards.entries()) {
    try {
      const wanted = (f: NoteField) => map[f] !== undefined;
      const wantsWordAudio = card.kind === 'word' && wanted('ExpressionAudio');
      const wantsSentenceAudio = wanted('SentenceAudio');
      const [fields, wordAudio, sentenceAudio] = await Promise.all([
        textFields(card, opts.sources, opts.signal),
        wantsWordAudio ? media(card.word) : undefined,
        wantsSentenceAudio ? media(card.sentence) : undefined,
      ]);
      if (wordAudio) fields.ExpressionAudio = `[sound:${wordAudio.filename}]`;
      if (sentenceAudio) fields.SentenceAudio = `[sound:${sentenceAudio.filename}]`;
      const picture = wanted('Picture') ? opts.sources.picture(card.id) : undefined;
      if (picture) {
        const filename = `yomimono-card-${card.id}.${PICTURE_EXT[picture.mimeType] ?? 'png'}`;
        await anki.invoke('storeMediaFile', { filename, data: picture.data.toString('base64') });
        fields.Picture = `<img src="${filename}">`;
      }
      const noteFields = Object.fromEntries(Object.entries(map).map(([ours, theirs]) => [theirs, fields[ours as NoteField] ?? '']));

      const existing = firstField ? await anki.invoke<number[]>('findNotes', { query: duplicateQuery(opts.deck, model, firstField, noteFields[firstField] ?? '') }) : [];
      let noteId: number | undefined;
      if (existing.length && opts.duplicates === 'skip') summary.skipped++;
      else if (existing.length && opts.duplicates === 'update') {
        noteId = existing[0]!;
        await anki.invoke('updateNoteFields', { note: { id: noteId, fields: noteFields } });
        summary.updated++;
      } else {
        noteId = await anki.invoke<number>('addNote', {
          note: { deckName: opts.deck, modelName: model, fields: noteFields, options: { allowDuplicate: existing.length > 0, duplicateScope: 'deck' }, tags: ['yomimono', card.kind] },
        });
        summary.added++;
      }
      if (noteId !== undefined) {
        if (wordAudio) summary.withWordAudio++;
        if (sentenceAudio) summary.withSentenceAudio++;
        if ((wantsWordAudio && !wordAudio) || (wantsSentenceAudio && !sentenceAudio)) summary.missingAudio++;
        opts.onExported?.(card.id, noteId);
      }
    } catch (e) {
      if (fatal(e)) throw e; // Anki went away or the export was cancelled: stop, say so
      summary.failed.push({ cardId: card.id, word: card.kind === 'word' ? card.word : card.sentence, message: e instanceof Error ? e.message : String(e) });
    }
    opts.onProgress?.(index + 1, cards.length);
  }
  return summary;
}
