/**
 * A word list as other tools export it: one word a line, `term` or `term<TAB>reading` (more
 * columns are ignored). Each line becomes a word key through word identity (食べた is
 * 食べる/たべる); a line that is no word the dictionary or the analyzer knows (listWordCheck.ts)
 * is reported as given, never stored and never dropped silently.
 */
import type { WordKey } from '../../../shared/words';
import type { WordIdentity } from '../words/wordIdentity';
import type { ListWordCheck } from './listWordCheck';
import { recognizeWords, type WordCandidate } from './recognizeWords';

export interface ListWords {
  keys: WordKey[];
  /** Lines that are no word, as given (trimmed). */
  unrecognized: string[];
}

export async function wordsOfList(text: string, identity: Pick<WordIdentity, 'wordShapes' | 'normalise'>, isWord: ListWordCheck, signal?: AbortSignal): Promise<ListWords> {
  const lines: string[] = [];
  const candidates: WordCandidate[] = [];
  for (const raw of text.replace(/^\uFEFF/u, '').split(/\r\n|\r|\n/u)) {
    const line = raw.trim();
    if (line === '') continue;
    const [termCol = '', readingCol = ''] = line.split('\t').map((c) => c.trim());
    lines.push(line);
    candidates.push({ term: termCol.normalize('NFC'), ...(readingCol !== '' ? { reading: readingCol.normalize('NFKC') } : {}) });
  }
  const found = await recognizeWords(candidates, identity, isWord, signal);
  const keys: WordKey[] = [];
  const unrecognized: string[] = [];
  found.forEach((key, i) => {
    if (key) keys.push(key);
    // A line with its reading is reported whole; one without, as its word.
    else unrecognized.push(candidates[i]!.reading === undefined ? candidates[i]!.term || lines[i]! : lines[i]!);
  });
  return { keys, unrecognized };
}
