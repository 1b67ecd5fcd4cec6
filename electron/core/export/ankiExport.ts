import { cardSourceLabel, type AnkiExportResult, type ReviewCard } from '../../../shared/contract/review';
import { AppError } from '../../../shared/result';
import type { AnkiConnect } from './ankiConnect';
import { audioQueue, type CardAudioSource } from './noteAudio';

export type { CardAudioSource, NoteAudio } from './noteAudio';

export const ANKI_MODEL = 'Yomimono';
/** The first field is what Anki checks for duplicates: the word (word cards) or the sentence. */
export const ANKI_FIELDS = ['Front', 'Sentence', 'Reading', 'Meaning', 'Translation', 'Audio', 'Source'] as const;
/** Fields added after note types were already made in users' Anki: added to such a note type and its card templates on export. */
const LATER_FIELDS: readonly string[] = ['Source'];
/** How a later field shows on the back of the card. */
const LATER_FIELD_HTML: Record<string, string> = { Source: '<div class="small">{{Source}}</div>' };

const CSS = `.card { font-family: 'Noto Sans CJK JP', 'Hiragino Sans', sans-serif; font-size: 22px; text-align: center; }
.jp { font-size: 30px; } .small { font-size: 18px; color: #666; }`;

const TEMPLATE = {
  Name: 'Recognition',
  Front: '<div class="jp">{{Front}}</div>',
  Back: `{{FrontSide}}<hr id="answer">
<div class="small">{{Sentence}}</div>
<div>{{Reading}}</div>
<div>{{Meaning}}</div>
<div class="small">{{Translation}}</div>
{{Audio}}
<div class="small">{{Source}}</div>`,
};

const isDuplicate = (e: unknown) => e instanceof AppError && /duplicate/i.test(e.message);

/**
 * Gives a note type made by an older version the fields added since, and shows
 * them on the back of its cards. Returns the fields it could not add (an
 * AnkiConnect without `modelFieldAdd`), so the export can say they were left out.
 */
async function addLaterFields(anki: AnkiConnect, fields: string[]): Promise<string[]> {
  const missing = LATER_FIELDS.filter((f) => !fields.includes(f));
  const notAdded: string[] = [];
  for (const field of missing) {
    try {
      await anki.invoke('modelFieldAdd', { modelName: ANKI_MODEL, fieldName: field, index: fields.length });
      fields.push(field);
    } catch (e) {
      if (e instanceof AppError && (e.data.code === 'anki_unavailable' || e.data.code === 'cancelled')) throw e;
      notAdded.push(field);
    }
  }
  const added = missing.filter((f) => fields.includes(f));
  if (added.length === 0) return notAdded;
  // The learner may have edited the templates: only the new fields' lines are appended to each back.
  const templates = await anki.invoke<Record<string, { Front: string; Back: string }>>('modelTemplates', { modelName: ANKI_MODEL });
  const changed: Record<string, { Front: string; Back: string }> = {};
  for (const [name, t] of Object.entries(templates ?? {})) {
    const lines = added.filter((f) => !t.Back.includes(`{{${f}}}`)).map((f) => LATER_FIELD_HTML[f]!);
    if (lines.length) changed[name] = { Front: t.Front, Back: [t.Back, ...lines].join('\n') };
  }
  if (Object.keys(changed).length) await anki.invoke('updateModelTemplates', { model: { name: ANKI_MODEL, templates: changed } });
  return notAdded;
}

/** Makes sure the deck and the note type exist (a note type missing our first fields is reported, never changed). */
async function prepare(anki: AnkiConnect, deck: string): Promise<{ fields: ReadonlySet<string>; notAdded: string[] }> {
  const version = await anki.invoke<number>('version');
  if (typeof version !== 'number' || version < 6) {
    throw new AppError({ code: 'upstream_error', message: `AnkiConnect ${String(version)} is too old: update the add-on (version 6 or later).`, status: 502 });
  }
  const decks = await anki.invoke<string[]>('deckNames');
  if (!decks.includes(deck)) await anki.invoke('createDeck', { deck });
  const models = await anki.invoke<string[]>('modelNames');
  if (!models.includes(ANKI_MODEL)) {
    await anki.invoke('createModel', { modelName: ANKI_MODEL, inOrderFields: [...ANKI_FIELDS], css: CSS, isCloze: false, cardTemplates: [TEMPLATE] });
    return { fields: new Set(ANKI_FIELDS), notAdded: [] };
  }
  const fields = [...(await anki.invoke<string[]>('modelFieldNames', { modelName: ANKI_MODEL }))];
  const missing = ANKI_FIELDS.filter((f) => !fields.includes(f) && !LATER_FIELDS.includes(f));
  if (missing.length > 0) {
    throw new AppError({
      code: 'bad_request',
      message: `The Anki note type "${ANKI_MODEL}" has no field ${missing.join(', ')}. Rename or delete that note type in Anki and export again.`,
      status: 409,
    });
  }
  const notAdded = await addLaterFields(anki, fields);
  return { fields: new Set(fields), notAdded };
}

/**
 * Adds one note per card with its audio: cached, else synthesized now (two at a time). A card
 * whose audio fails goes in without it and is counted in `missingAudio`. Duplicates are counted, not failures.
 */
export async function exportToAnki(
  anki: AnkiConnect,
  cards: readonly ReviewCard[],
  opts: { deck: string; audio: CardAudioSource; signal?: AbortSignal; audioConcurrency?: number },
): Promise<AnkiExportResult> {
  const { fields, notAdded } = await prepare(anki, opts.deck);
  const result: AnkiExportResult = {
    deck: opts.deck,
    model: ANKI_MODEL,
    added: 0,
    duplicates: 0,
    withAudio: 0,
    missingAudio: 0,
    failed: [],
    ...(notAdded.length ? { fieldsLeftOut: notAdded } : {}),
  };
  const audios = audioQueue(cards, opts.audio, { concurrency: opts.audioConcurrency ?? 2, ...(opts.signal ? { signal: opts.signal } : {}) });
  for (const [index, card] of cards.entries()) {
    const audio = await audios.take(index);
    const note = {
      deckName: opts.deck,
      modelName: ANKI_MODEL,
      fields: {
        Front: card.kind === 'word' ? card.word : card.sentence,
        Sentence: card.sentence,
        Reading: card.reading,
        Meaning: card.meaning,
        Translation: card.translation,
        Audio: '',
        ...(fields.has('Source') ? { Source: cardSourceLabel(card.source) } : {}),
      },
      options: { allowDuplicate: false, duplicateScope: 'deck' },
      tags: ['yomimono', card.kind],
      ...(audio ? { audio: [{ data: audio.data, filename: audio.filename, fields: ['Audio'] }] } : {}),
    };
    try {
      await anki.invoke<number>('addNote', { note });
      result.added++;
      if (audio) result.withAudio++;
      else result.missingAudio++;
    } catch (e) {
      if (e instanceof AppError && e.data.code === 'anki_unavailable') throw e; // Anki went away: stop, say so
      if (isDuplicate(e)) result.duplicates++;
      else result.failed.push({ cardId: card.id, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return result;
}
