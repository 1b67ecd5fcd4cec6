import { isWordToken, tokenIndexAt, type PlacedToken } from './placedToken';

export const PHRASE_MIN_WORDS = 2;
export const PHRASE_MAX_WORDS = 12;

/** What the learner picked: one token, or a run of tokens (by index, so equal words stay distinct). */
export type ReaderSelection = { kind: 'word'; index: number } | { kind: 'phrase'; first: number; last: number };

export type PhraseCheck =
  | { ok: true; first: number; last: number; words: number }
  | { ok: false; reason: 'single' | 'tooMany' | 'crossesLine' | 'none' };

/**
 * The phrase between two tokens (in either order): trimmed to words at both ends,
 * 2–12 words, all on one line of the text.
 */
export function checkPhrase(tokens: readonly PlacedToken[], text: string, a: number, b: number): PhraseCheck {
  let first = Math.max(0, Math.min(a, b));
  let last = Math.min(tokens.length - 1, Math.max(a, b));
  while (first <= last && !isWordToken(tokens[first]!)) first++;
  while (last >= first && !isWordToken(tokens[last]!)) last--;
  if (first > last) return { ok: false, reason: 'none' };
  if (/[\r\n]/.test(text.slice(tokens[first]!.start, tokens[last]!.end))) return { ok: false, reason: 'crossesLine' };
  let words = 0;
  for (let i = first; i <= last; i++) if (isWordToken(tokens[i]!)) words++;
  if (words < PHRASE_MIN_WORDS) return { ok: false, reason: 'single' };
  if (words > PHRASE_MAX_WORDS) return { ok: false, reason: 'tooMany' };
  return { ok: true, first, last, words };
}

/** The text of a phrase as written (particles and inner punctuation included). */
export function phraseText(tokens: readonly PlacedToken[], first: number, last: number): string {
  return tokens
    .slice(first, last + 1)
    .map((t) => t.word)
    .join('');
}

/** The next word token from `index` in direction `step` (±1), or -1. */
export function nextWordIndex(tokens: readonly PlacedToken[], index: number, step: 1 | -1): number {
  for (let i = index + step; i >= 0 && i < tokens.length; i += step) if (isWordToken(tokens[i]!)) return i;
  return -1;
}

/** What a click does: a plain click picks a word; Shift+click extends from the anchor to a phrase. */
export function selectionForClick(
  tokens: readonly PlacedToken[],
  text: string,
  anchor: number | null,
  index: number,
  shift: boolean,
): { selection: ReaderSelection; anchor: number } | { error: Exclude<PhraseCheck, { ok: true }>['reason'] } | null {
  const t = tokens[index];
  if (!t || !isWordToken(t)) return null;
  if (!shift || anchor === null || anchor === index) return { selection: { kind: 'word', index }, anchor: index };
  const check = checkPhrase(tokens, text, anchor, index);
  if (!check.ok) return { error: check.reason };
  return { selection: { kind: 'phrase', first: check.first, last: check.last }, anchor };
}

/** The char range a selection covers (its identity across re-analysis). */
export function selectionSpan(tokens: readonly PlacedToken[], sel: ReaderSelection): { start: number; end: number } | null {
  const a = tokens[sel.kind === 'word' ? sel.index : sel.first];
  const b = tokens[sel.kind === 'word' ? sel.index : sel.last];
  return a && b ? { start: a.start, end: b.end } : null;
}

/**
 * Keeps a selection on the same text when the token list is replaced (the
 * model's tokens arriving over the offline ones); null when nothing is left to select.
 */
export function remapSelection(before: readonly PlacedToken[], after: readonly PlacedToken[], sel: ReaderSelection): ReaderSelection | null {
  const span = selectionSpan(before, sel);
  if (!span) return null;
  const first = tokenIndexAt(after, span.start);
  if (sel.kind === 'word') {
    const t = after[first];
    if (!t || !isWordToken(t)) return null;
    return t.start === span.start && first === sel.index ? sel : { kind: 'word', index: first };
  }
  const last = tokenIndexAt(after, span.end - 1);
  if (first >= after.length || last >= after.length) return null;
  return first === sel.first && last === sel.last ? sel : { kind: 'phrase', first, last };
}
