import { cardSourceLabel, type AnkiExportResult, type ReviewCard } from '../../../shared/contract/review';
import { AppError } from '../../../shared/result';
import type { AnkiConnect } from './ankiConnect';
import { audioQueue, type CardAudioSource } from './noteAudio';

export type { CardAudioSource, NoteAudio } from './noteAudio';

export const ANKI_MODEL = 'Yomimono';
/** The first field is what Anki checks for duplicates: the word (word cards) or the sentence. */
export const ANKI_FIELDS = ['Front', 'Sentence', 'Reading', 'Meaning', 'Translation', 'Audio', 'Source'] as const;
/** Fields added after note types were already made in users' Anki: filled when the note type has them. */
const OPTIONAL_FIELDS: readonly string[] = ['Source'];

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

/** Makes sure the deck and the note type exist (a note type missing our fields is reported, never changed). */
async function prepare(anki: AnkiConnect, deck: string): Promise<ReadonlySet<string>> {
  const version = await anki.invoke<number>('version');
  if (typeof version !== 'number' || version < 6) {
    throw new AppError({ code: 'upstream_error', message: `AnkiConnect ${String(version)} is too old: update the add-on (version 6 or later).`, status: 502 });
  }
  const decks = await anki.invoke<string[]>('deckNames');
  if (!decks.includes(deck)) await anki.invoke('createDeck', { deck });
  const models = await anki.invoke<string[]>('modelNames');
  if (!models.includes(ANKI_MODEL)) {
    await anki.invoke('createModel', { modelName: ANKI_MODEL, inOrderFields: [...ANKI_FIELDS], css: CSS, isCloze: false, cardTemplates: [TEMPLATE] });
    return new Set(ANKI_FIELDS);
  }
  const fields = await anki.invoke<string[]>('modelFieldNames', { modelName: ANKI_MODEL });
  const missing = ANKI_FIELDS.filter((f) => !fields.includes(f) && !OPTIONAL_FIELDS.includes(f));
  if (missing.length > 0) {
    throw new AppError({
      code: 'bad_request',
      message: `The Anki note type "${ANKI_MODEL}" has no field ${missing.join(', ')}. Rename or delete that note type in Anki and export again.`,
      status: 409,
    });
  }
  return new Set(fields);
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
  const fields = await prepare(anki, opts.deck);
  const result: AnkiExportResult = { deck: opts.deck, model: ANKI_MODEL, added: 0, duplicates: 0, withAudio: 0, missingAudio: 0, failed: [] };
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
