import { cardSourceLabel, type CsvExport, type ReviewCard } from '../../../shared/contract/review';
import { toCsv } from './csv';
import { markedSentence } from './noteFields';
import type { WordFacts } from './richAnkiExport';

/** What the dictionaries know of a word card beyond the card itself: its parts of speech, pitch, frequency, JLPT level. */
export interface CsvWordFacts extends WordFacts {
  partOfSpeech?: string[];
}
export type CsvFactsSource = (card: ReviewCard) => CsvWordFacts | undefined | Promise<CsvWordFacts | undefined>;

/**
 * The columns, named like the Anki note's fields where they hold the same thing: the headword
 * and its reading, the form it was starred in, the chosen meaning, the sentence plain and with
 * the word in <b> (as Anki imports it), the source and the learner's notes, what the
 * dictionaries know, then the schedule.
 */
export const CSV_HEADER = [
  'kind', 'word', 'reading', 'form', 'meaning', 'part_of_speech', 'explanation',
  'sentence', 'sentence_marked', 'translation', 'source', 'notes',
  'pitch', 'frequency', 'jlpt', 'state', 'due', 'reps', 'lapses', 'created',
] as const;

const iso = (ms: number) => new Date(ms).toISOString();

/** Review cards as a spreadsheet: one row per card, content first, then its schedule. */
export async function cardsCsv(cards: readonly ReviewCard[], now: number, facts?: CsvFactsSource): Promise<CsvExport> {
  const rows: string[][] = [];
  for (const c of cards) {
    const word = c.kind === 'word';
    // A failed lookup costs the row its facts, never the export.
    const f = word ? await Promise.resolve(facts?.(c)).catch(() => undefined) : undefined;
    rows.push([
      c.kind,
      c.word,
      c.reading,
      word && c.surface && c.surface !== c.word ? c.surface : '',
      c.meaning,
      (f?.partOfSpeech ?? []).join(', '),
      c.explanation ?? '',
      c.sentence,
      word ? markedSentence(c.sentence, [c.surface ?? '', c.word]) : '',
      c.translation,
      cardSourceLabel(c.source) || c.sourceLabel || '',
      c.notes ?? '',
      f?.pitch?.length ? f.pitch.map((p) => `[${p}]`).join(' ') : '',
      f?.frequency ?? '',
      f?.jlpt ?? '',
      c.state,
      iso(c.due),
      String(c.reps),
      String(c.lapses),
      iso(c.createdAt),
    ]);
  }
  const stamp = iso(now).slice(0, 10);
  return { filename: `yomimono-cards-${stamp}.csv`, content: toCsv([[...CSV_HEADER], ...rows]), rows: rows.length };
}
