/**
 * A word list as other tools export it: one word a line, `term` or `term<TAB>reading` (more
 * columns are ignored). Each line becomes a word key through word identity (食べた is
 * 食べる/たべる); a line that is no Japanese word is reported as given, never dropped silently.
 */
import { JAPANESE_CHAR } from '../../../shared/japaneseScript';
import type { WordKey } from '../../../shared/words';
import { toHiraganaReading } from '../analyzer/reading';
import type { WordIdentity } from '../words/wordIdentity';

const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+$/u;
/** A line that long is no word (a paragraph pasted by mistake). */
const LINE_MAX = 100;

export interface ListWords {
  keys: WordKey[];
  /** Lines that are no word, as given (trimmed). */
  unrecognized: string[];
}

export async function wordsOfList(text: string, identity: Pick<WordIdentity, 'wordKeys' | 'normalise'>, signal?: AbortSignal): Promise<ListWords> {
  const keys: WordKey[] = [];
  const unrecognized: string[] = [];
  const asWritten: string[] = [];
  for (const raw of text.replace(/^\uFEFF/u, '').split(/\r\n|\r|\n/u)) {
    const line = raw.trim();
    if (line === '') continue;
    const [termCol = '', readingCol = ''] = line.split('\t').map((c) => c.trim());
    const term = termCol.normalize('NFC');
    if (term === '' || term.length > LINE_MAX || !JAPANESE_CHAR.test(term) || /\s/u.test(term)) {
      unrecognized.push(line);
      continue;
    }
    if (readingCol !== '') {
      const reading = readingCol.normalize('NFKC');
      if (!KANA.test(reading)) unrecognized.push(line);
      else keys.push(identity.normalise({ term: KANA.test(term) ? toHiraganaReading(term) : term, reading: toHiraganaReading(reading) }));
      continue;
    }
    asWritten.push(term);
  }
  const found = asWritten.length > 0 ? await identity.wordKeys(asWritten, signal) : [];
  found.forEach((key, i) => {
    if (key) keys.push(key);
    else unrecognized.push(asWritten[i]!);
  });
  return { keys, unrecognized };
}
