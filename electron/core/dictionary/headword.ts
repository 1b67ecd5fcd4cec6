/**
 * The dictionary's say in word identity: an analyzer key (base form and its reading) becomes
 * the headword of the entry it belongs to, so every spelling of a word is one word: 來る and
 * 来る, ネコ and 猫, 居る and いる. The headword is the entry's first written form, or its
 * reading when the entry is usually written in kana (JMdict's `uk` on its first sense) or has
 * no written form at all.
 */
import type { WordKey } from '../../../shared/words';
import type { DictionaryReader, StoredEntry } from './dictionaryStore';
import { hiraganaToKatakana, katakanaToHiragana } from './kana';

type Reader = Pick<DictionaryReader, 'hits' | 'entry'>;

const KANA_ONLY = /^[\p{Script=Hiragana}\p{Script=Katakana}\u30FC]+$/u;

function headwordOfEntry(e: StoredEntry, reading: string): WordKey {
  const usuallyKana = e.kanji.length === 0 || (e.senses[0]?.miscCodes.includes('uk') ?? false);
  const spelled = e.readings.find((r) => katakanaToHiragana(r) === reading) ?? e.readings[0] ?? reading;
  return { term: usuallyKana ? spelled : (e.kanji[0] ?? spelled), reading: katakanaToHiragana(spelled) };
}

/**
 * The entry a key names: one with the key's term among its forms and its reading among its
 * readings; else (the analyzer misread it, or could not read it) the most common entry with
 * that written form. A kana term is looked up in hiragana and in katakana. Null when the dictionary
 * does not know the word.
 */
export function headwordOf(reader: Reader, key: WordKey): WordKey | null {
  const forms = KANA_ONLY.test(key.term) ? [...new Set([key.term, katakanaToHiragana(key.term), hiraganaToKatakana(key.term)])] : [key.term];
  const hits = forms.flatMap((f) => reader.hits(f));
  if (hits.length === 0) return null;
  // Hits come most common first: the first that can be read as the key wins.
  for (const h of hits) {
    const readings = (JSON.parse(h.readingsJson) as string[]).map(katakanaToHiragana);
    if (!readings.includes(key.reading)) continue;
    const e = reader.entry(h.entryId);
    if (e) return headwordOfEntry(e, key.reading);
  }
  // A kana term with another reading than its own is no match (はし read as something else).
  if (KANA_ONLY.test(key.term)) return null;
  const best = hits.find((h) => h.isKanji);
  const e = best && reader.entry(best.entryId);
  return e ? headwordOfEntry(e, katakanaToHiragana(e.readings[0] ?? key.reading)) : null;
}
