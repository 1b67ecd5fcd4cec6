/**
 * A word list as other tools export it: one word a line, `term` or `term<TAB>reading` (more
 * columns are ignored). Each line becomes a word key through word identity (食べた is
 * 食べる/たべる); a line that is no word the dictionary or the analyzer knows (listWordCheck.ts)
 * is reported as given, never stored and never dropped silently.
 */
import { JAPANESE_CHAR } from '../../../shared/japaneseScript';
import type { WordKey } from '../../../shared/words';
import { toHiraganaReading } from '../analyzer/reading';
import type { WordIdentity } from '../words/wordIdentity';
import type { ListWordCheck } from './listWordCheck';

const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+$/u;
/** A line that long is no word (a paragraph pasted by mistake). */
const LINE_MAX = 100;

export interface ListWords {
  keys: WordKey[];
  /** Lines that are no word, as given (trimmed). */
  unrecognized: string[];
}

export async function wordsOfList(text: string, identity: Pick<WordIdentity, 'wordShapes' | 'normalise'>, isWord: ListWordCheck, signal?: AbortSignal): Promise<ListWords> {
  const keys: WordKey[] = [];
  const unrecognized: string[] = [];
  const asWritten: string[] = [];
  /** Lines with their reading given: the word must still be one (木<TAB>き, not 猫犬<TAB>ねこいぬ). */
  const given: Array<{ line: string; term: string; key: WordKey }> = [];
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
      else given.push({ line, term, key: identity.normalise({ term: KANA.test(term) ? toHiraganaReading(term) : term, reading: toHiraganaReading(reading) }) });
      continue;
    }
    asWritten.push(term);
  }
  const found = asWritten.length > 0 ? await identity.wordShapes(asWritten, signal) : [];
  found.forEach((shape, i) => {
    const term = asWritten[i]!;
    if (shape && isWord(term, shape)) keys.push(shape.key);
    else unrecognized.push(term);
  });
  if (given.length > 0) {
    const shapes = await identity.wordShapes(given.map((g) => g.term), signal);
    given.forEach((g, i) => {
      const shape = shapes[i];
      // The analyzer's reading may differ from the one given (a rarer reading): the dictionary or the analyzer must know the written word, read either way.
      if (isWord(g.term, { key: g.key, single: false }) || (shape && isWord(g.term, shape))) keys.push(g.key);
      else unrecognized.push(g.line);
    });
  }
  return { keys, unrecognized };
}
