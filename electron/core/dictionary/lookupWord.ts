/**
 * A lookup as the app asks for it: the rule table's longest match first, and the offline
 * analyzer's dictionary form of the first word for what the table misses (いらっしゃい →
 * いらっしゃる). The analyzer is asked only when its answer could change the result.
 */
import type { DictionaryEntry, DictionaryFirstWord } from '../../../shared/contract/dictionary';
import type { Token } from '../../../shared/domain';
import { scanText, type ExtraTerm } from './lookup';

export interface LookupWordDeps {
  dictionary: {
    lookup(text: string, reading?: string, extra?: readonly ExtraTerm[]): DictionaryEntry[];
    status(): { entries: number };
  };
  analyzer: {
    tokenize(text: string, signal?: AbortSignal): Promise<Token[]>;
    /** `loaded`, `queued`: a hover must not wait for the analyzer to load, nor behind a long analysis. */
    stats(): { loaded: boolean; queued: number };
  };
}

/** `firstWord`: the caller's analysis of the first word; null when no word of it starts the text. */
export async function lookupWord(deps: LookupWordDeps, text: string, reading?: string, firstWord?: DictionaryFirstWord | null, signal?: AbortSignal): Promise<DictionaryEntry[]> {
  const { dictionary } = deps;
  const found = dictionary.lookup(text, reading);
  if (dictionary.status().entries === 0 || firstWord === null) return found;
  // The caller's analysis already has the first word's dictionary form: no round trip.
  const first = firstWord && text.startsWith(firstWord.word) ? firstWord : await analyzedFirstWord(deps, text, found, signal);
  if (!first || first.lemma === first.word || (found[0]?.matched.length ?? 0) >= first.word.length) return found;
  return dictionary.lookup(text, reading, [{ term: first.lemma, matched: first.word }]);
}

async function analyzedFirstWord(deps: LookupWordDeps, text: string, found: DictionaryEntry[], signal?: AbortSignal): Promise<DictionaryFirstWord | undefined> {
  // The table's answer is shown while the analyzer loads or works through other texts.
  const analyzer = deps.analyzer.stats();
  if (found.length > 0 && (!analyzer.loaded || analyzer.queued > 0)) return undefined;
  const scan = scanText(text);
  // A match of the whole scanned text cannot be beaten by a first word, which is at most that long.
  if ((found[0]?.matched.length ?? 0) >= scan.length) return undefined;
  const tokens = await deps.analyzer.tokenize(scan, signal).catch(() => []);
  const token = tokens[0];
  return token?.lemma ? { word: token.word, lemma: token.lemma } : undefined;
}

/** Several lookups, answered in order (the words on screen, ahead of a hover). */
export async function lookupWords(deps: LookupWordDeps, items: readonly { text: string; firstWord?: DictionaryFirstWord | null | undefined }[], signal?: AbortSignal): Promise<DictionaryEntry[][]> {
  const out: DictionaryEntry[][] = [];
  for (const item of items) {
    if (signal?.aborted) break;
    out.push(await lookupWord(deps, item.text, undefined, item.firstWord, signal));
  }
  return out;
}
