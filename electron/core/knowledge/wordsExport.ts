/**
 * The whole word store for other tools: CSV (term, reading, status, source, changed) as
 * spreadsheets read it, or a plain list, `term<TAB>reading` a line, as the list import reads it.
 */
import type { WordsExport } from '../../../shared/contract/words';
import type { WordStatus } from '../../../shared/words';
import { toCsv } from '../export/csv';
import type { WordStatusEntry } from './wordKnowledge';

export function exportWords(words: readonly WordStatusEntry[], format: 'csv' | 'list', status?: WordStatus, today = new Date()): WordsExport {
  const chosen = status ? words.filter((w) => w.status === status) : words;
  const stamp = today.toISOString().slice(0, 10);
  const name = `yomimono-words${status ? `-${status}` : ''}-${stamp}`;
  if (format === 'csv') {
    const rows = [['term', 'reading', 'status', 'source', 'changed'], ...chosen.map((w) => [w.term, w.reading, w.status, w.source ?? '', w.changedAt ?? ''])];
    return { filename: `${name}.csv`, mime: 'text/csv;charset=utf-8', text: toCsv(rows) };
  }
  return { filename: `${name}.txt`, mime: 'text/plain;charset=utf-8', text: chosen.map((w) => `${w.term}\t${w.reading}\n`).join('') };
}
