import type { PosGroup, Token } from '../../../shared/domain';
import type { Analyzer } from './analyzer';

/** What the word panel can show with no network: from the analyzer alone. */
export interface OfflineWordInfo {
  word: string;
  /** Dictionary form (行きました → 行く, 勉強します → 勉強する, 東京タワー → 東京タワー). */
  dictionaryForm: string;
  /** Reading of the dictionary form, in hiragana. */
  furigana: string;
  /** Reading of the word as it appears in the sentence, in hiragana. */
  surfaceFurigana: string;
  pos: PosGroup;
  source: 'offline';
}

const CONJUGATING: ReadonlySet<PosGroup> = new Set(['verb', 'adjective']);
/** What may follow a verb or adjective and still be its inflection (た, ます, て+しまう, ない). */
const INFLECTION: ReadonlySet<PosGroup> = new Set(['verb', 'adjective', 'auxiliary', 'particle', 'punctuation', 'symbol']);
const TRAILING: ReadonlySet<PosGroup> = new Set(['particle', 'auxiliary', 'punctuation', 'symbol', 'linebreak']);

/** The tokens of `sentenceTokens` that overlap [start, end). */
export function tokensIn(sentenceTokens: readonly Token[], start: number, end: number): Token[] {
  const out: Token[] = [];
  let at = 0;
  for (const t of sentenceTokens) {
    const next = at + t.word.length;
    if (next > start && at < end) out.push(t);
    at = next;
    if (at >= end) break;
  }
  return out;
}

const readingOf = (tokens: readonly Token[]): string => tokens.map((t) => t.furigana).join('');

/**
 * Dictionary form and part of speech of a word made of one or more analyzer tokens.
 * When a verb or adjective is followed only by inflection, the word is that verb or
 * adjective: what comes before it is kept as written (勉強 + し + ます → 勉強する) and the
 * head is put in its dictionary form (行き + まし + た → 行く). Otherwise it is a compound:
 * kept as written without trailing particles (東京タワー, 本を → 本, 高さ).
 */
export function wordInfoFromTokens(word: string, tokens: readonly Token[]): Omit<OfflineWordInfo, 'furigana'> {
  const surfaceFurigana = readingOf(tokens);
  const headIndex = tokens.findIndex((t) => CONJUGATING.has(t.pos));
  const head = tokens[headIndex];
  if (head !== undefined && tokens.slice(headIndex + 1).every((t) => INFLECTION.has(t.pos))) {
    const before = tokens.slice(0, headIndex).map((t) => t.word).join('');
    // A サ変 noun + する is a verb as a whole (勉強する).
    const pos: PosGroup = before !== '' && head.lemma === 'する' ? 'verb' : head.pos;
    return { word, dictionaryForm: before + (head.lemma ?? head.word), surfaceFurigana, pos, source: 'offline' };
  }
  let keep = tokens.length;
  while (keep > 1 && TRAILING.has(tokens[keep - 1]?.pos ?? 'other')) keep -= 1;
  const kept = tokens.slice(0, keep);
  const only = kept.length === 1 ? kept[0] : undefined;
  const dictionaryForm = only !== undefined ? (only.lemma ?? only.word) : kept.map((t) => t.word).join('');
  // The last part names what a compound is (東京 + タワー: noun; 高 + さ: a noun made by a suffix).
  const last = kept[kept.length - 1];
  const pos: PosGroup = last === undefined ? 'other' : last.pos === 'suffix' && kept.length > 1 ? 'noun' : last.pos;
  return { word, dictionaryForm: dictionaryForm || word, surfaceFurigana, pos, source: 'offline' };
}

/**
 * The offline word-panel info for `word` as used in `sentence`. `offset` (UTF-16 index of
 * the word in the sentence) picks the right occurrence when the word appears more than once.
 */
export async function offlineWordInfo(
  analyzer: Pick<Analyzer, 'tokenize'>,
  word: string,
  sentence: string,
  options: { offset?: number; signal?: AbortSignal } = {},
): Promise<OfflineWordInfo> {
  const { signal } = options;
  let start = options.offset !== undefined && sentence.startsWith(word, options.offset) ? options.offset : sentence.indexOf(word);
  let context = sentence;
  if (start < 0 || word === '') {
    // The word is not in the sentence: analyse it on its own.
    context = word;
    start = 0;
  }
  const sentenceTokens = await analyzer.tokenize(context, signal);
  const tokens = tokensIn(sentenceTokens, start, start + word.length);
  const info = wordInfoFromTokens(word, tokens);
  // The reading of the dictionary form is read off the analyzer too (行く → いく).
  let furigana = info.surfaceFurigana;
  if (info.dictionaryForm !== word) {
    const formTokens = await analyzer.tokenize(info.dictionaryForm, signal);
    furigana = readingOf(formTokens);
  }
  return { ...info, furigana };
}
