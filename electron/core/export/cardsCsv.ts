import { cardSourceLabel, type CsvExport, type ReviewCard } from '../../../shared/contract/review';
import { toCsv } from './csv';

const HEADER = ['kind', 'word', 'reading', 'meaning', 'sentence', 'translation', 'state', 'due', 'reps', 'lapses', 'created', 'source'];

const iso = (ms: number) => new Date(ms).toISOString();

/** Review cards as a spreadsheet: one row per card, content first, then its schedule. */
export function cardsCsv(cards: readonly ReviewCard[], now: number): CsvExport {
  const rows = cards.map((c) => [c.kind, c.word, c.reading, c.meaning, c.sentence, c.translation, c.state, iso(c.due), String(c.reps), String(c.lapses), iso(c.createdAt), cardSourceLabel(c.source)]);
  const stamp = iso(now).slice(0, 10);
  return { filename: `yomimono-cards-${stamp}.csv`, content: toCsv([HEADER, ...rows]), rows: rows.length };
}
