/**
 * Kanjium's accents.txt (Uros O., CC BY-SA 4.0) as pitch metadata: `word<TAB>reading<TAB>positions`,
 * positions comma-separated (0 = heiban), some with a part-of-speech note in parentheses
 * ("(副)0,(名)3"); an empty reading means the word is written in kana.
 */
import type { TermMetaRow } from './yomitanFormat';

export function kanjiumLine(line: string): TermMetaRow | null {
  const [word, readingRaw, positionsRaw] = line.split('\t');
  if (!word || positionsRaw === undefined) return null;
  const reading = readingRaw || word;
  const pitches: { position: number; nasal: number[]; devoice: number[]; tags: string[] }[] = [];
  for (const part of positionsRaw.split(',')) {
    const m = /^\s*(?:\(([^)]*)\))?\s*(\d+)\s*$/.exec(part);
    if (!m) continue;
    const position = Number(m[2]);
    const same = pitches.find((p) => p.position === position);
    if (same) {
      if (m[1]) same.tags.push(m[1]);
      continue;
    }
    pitches.push({ position, nasal: [], devoice: [], tags: m[1] ? [m[1]] : [] });
  }
  return pitches.length ? { expression: word, meta: { mode: 'pitch', data: { reading, pitches } } } : null;
}
