import type { PosGroup, Token } from '../../../shared/domain';

/**
 * Where a displayed token came from: the offline analyzer, the model, or nothing
 * yet (`plain`: raw text shown while the analysis is on its way, not clickable).
 */
export type TokenOrigin = 'offline' | 'model' | 'plain';

/** A token with its UTF-16 offsets in the document, so equal words stay different tokens. */
export interface PlacedToken extends Token {
  start: number;
  end: number;
  origin: TokenOrigin;
}

export const isLineBreak = (t: Pick<Token, 'word' | 'pos'>): boolean => t.pos === 'linebreak' || /^[\r\n]+$/.test(t.word);

const NOT_WORDS: ReadonlySet<PosGroup> = new Set(['linebreak', 'punctuation', 'symbol']);

/** A token a learner can click: analysed, and neither punctuation nor blank. */
export function isWordToken(t: Pick<PlacedToken, 'word' | 'pos' | 'origin'>): boolean {
  return t.origin !== 'plain' && !NOT_WORDS.has(t.pos) && t.word.trim() !== '';
}

/** Positions tokens one after another from `offset` (their words rebuild the text). */
export function placeTokens(tokens: readonly Token[], offset: number, origin: TokenOrigin): PlacedToken[] {
  const out: PlacedToken[] = [];
  let at = offset;
  for (const t of tokens) {
    out.push({ ...t, start: at, end: at + t.word.length, origin });
    at += t.word.length;
  }
  return out;
}

/** Raw text as unanalysed tokens: one per line, line breaks apart. */
export function plainTokens(text: string, from: number, to: number): PlacedToken[] {
  const out: PlacedToken[] = [];
  const re = /\r?\n|[^\r\n]+/g;
  const part = text.slice(from, to);
  for (let m = re.exec(part); m; m = re.exec(part)) {
    const start = from + m.index;
    const word = m[0];
    out.push({ word, pos: /\n/.test(word) ? 'linebreak' : 'other', furigana: '', start, end: start + word.length, origin: 'plain' });
  }
  return out;
}

/** Index of the first token whose end is past `offset` (tokens sorted and contiguous). */
export function tokenIndexAt(tokens: readonly PlacedToken[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
