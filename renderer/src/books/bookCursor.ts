import { type PlacedToken } from '../reader/placedToken';
import { checkPhrase, nextWordIndex } from '../reader/selection';

/**
 * The keyboard's place in a chapter ("word mode"): a word (token index) of a
 * paragraph (index in the chapter), and the word Shift+arrows started from.
 */
export interface BookCursor {
  paragraph: number;
  token: number;
  /** Where a phrase grown with Shift+arrows started (same paragraph), or null for one word. */
  anchor: number | null;
}

/**
 * A paragraph's tokens as the cursor sees them: `null` for one that never has
 * words (an illustration), `undefined` while its text or tokens are on the way.
 */
export type ParagraphTokens = (index: number) => readonly PlacedToken[] | null | undefined;

/** A move's outcome: the new place, or the paragraph to wait for (its tokens are on the way), or nowhere to go. */
export type CursorMove = { cursor: BookCursor } | { wait: number } | null;

/** What an arrow key does in word mode: along the text (a word) or across it (a line), as the text is written. */
export type CursorStep = 'next' | 'prev' | 'lineNext' | 'linePrev';

/**
 * Arrows in reading order. Horizontal text: right/left are the next/previous
 * word, down/up the next/previous line. Vertical text (columns right to left):
 * down/up move within a column, left/right to the next/previous column.
 */
export function cursorStep(key: string, vertical: boolean): CursorStep | null {
  const map: Record<string, CursorStep> = vertical
    ? { ArrowDown: 'next', ArrowUp: 'prev', ArrowLeft: 'lineNext', ArrowRight: 'linePrev' }
    : { ArrowRight: 'next', ArrowLeft: 'prev', ArrowDown: 'lineNext', ArrowUp: 'linePrev' };
  return map[key] ?? null;
}

/** The first word (`step` 1) or the last (`step` -1) from paragraph `from` on, skipping paragraphs without words. */
export function cursorFrom(tokensAt: ParagraphTokens, count: number, from: number, step: 1 | -1): CursorMove {
  for (let i = from; i >= 0 && i < count; i += step) {
    const tokens = tokensAt(i);
    if (tokens === undefined) return { wait: i };
    if (tokens === null) continue;
    const word = nextWordIndex(tokens, step === 1 ? -1 : tokens.length, step);
    if (word >= 0) return { cursor: { paragraph: i, token: word, anchor: null } };
  }
  return null;
}

/** The next or previous word in reading order, on into the next paragraph (or back into the one before). */
export function stepWord(tokensAt: ParagraphTokens, count: number, cur: BookCursor, step: 1 | -1): CursorMove {
  const tokens = tokensAt(cur.paragraph);
  const next = tokens ? nextWordIndex(tokens, cur.token, step) : -1;
  if (next >= 0) return { cursor: { paragraph: cur.paragraph, token: next, anchor: null } };
  return cursorFrom(tokensAt, count, cur.paragraph + step, step);
}

/**
 * Shift+arrow: the phrase from where it started to word `to` of the same
 * paragraph. A phrase longer than the reader allows does not grow; back on
 * the start it is one word again.
 */
export function extendTo(tokens: readonly PlacedToken[], text: string, cur: BookCursor, to: number): BookCursor | null {
  if (to < 0 || to >= tokens.length) return null;
  const anchor = cur.anchor ?? cur.token;
  if (to !== anchor) {
    const check = checkPhrase(tokens, text, anchor, to);
    if (!check.ok && check.reason !== 'single') return null;
  }
  return { paragraph: cur.paragraph, token: to, anchor: to === anchor ? null : anchor };
}

/** The characters the cursor covers in its paragraph: its word, or its phrase from the first word to the last. */
export function cursorSpan(tokens: readonly PlacedToken[], cur: BookCursor): { start: number; end: number; phrase: boolean } | null {
  const a = Math.min(cur.anchor ?? cur.token, cur.token);
  const b = Math.max(cur.anchor ?? cur.token, cur.token);
  const first = tokens[a];
  const last = tokens[b];
  return first && last ? { start: first.start, end: last.end, phrase: a !== b } : null;
}

/**
 * A word's box on screen as lines see it: `across` is where it sits across the
 * lines, growing in reading order (down in horizontal text, leftwards in
 * vertical text), `along` its middle along its line.
 */
export interface LineBox {
  across0: number;
  across1: number;
  along: number;
}

/** A word's screen rectangle as a {@link LineBox}. */
export function lineBox(r: Pick<DOMRect, 'left' | 'right' | 'top' | 'bottom'>, vertical: boolean): LineBox {
  return vertical ? { across0: -r.right, across1: -r.left, along: (r.top + r.bottom) / 2 } : { across0: r.top, across1: r.bottom, along: (r.left + r.right) / 2 };
}

/**
 * Of words in reading order, the one on the next (`dir` 1) or previous line
 * nearest along the line to `goal` (by default the middle of word `from`; kept
 * over several line moves, so down and up again come back to the same word);
 * -1 when there is no such line.
 */
export function wordOnNextLine(boxes: readonly LineBox[], from: number, dir: 1 | -1, goal = boxes[from]?.along): number {
  const cur = boxes[from];
  if (!cur || goal === undefined) return -1;
  const mid = (b: LineBox) => (b.across0 + b.across1) / 2;
  let i = from + dir;
  // Past the words of the current line.
  while (i >= 0 && i < boxes.length && (dir === 1 ? mid(boxes[i]!) <= cur.across1 : mid(boxes[i]!) >= cur.across0)) i += dir;
  const line = boxes[i];
  if (!line) return -1;
  let best = i;
  for (let k = i; k >= 0 && k < boxes.length && mid(boxes[k]!) > line.across0 && mid(boxes[k]!) < line.across1; k += dir) {
    if (Math.abs(boxes[k]!.along - goal) < Math.abs(boxes[best]!.along - goal)) best = k;
  }
  return best;
}

/**
 * The same place in a paragraph whose tokens were replaced (the model's analysis
 * after the offline one): the words now covering the old words' first characters.
 */
export function remapCursor(from: readonly PlacedToken[], to: readonly PlacedToken[], cursor: BookCursor): BookCursor {
  const at = (i: number) => {
    const start = from[i]?.start ?? 0;
    const j = to.findIndex((t) => t.end > start);
    return j < 0 ? Math.max(0, to.length - 1) : j;
  };
  return { ...cursor, token: at(cursor.token), anchor: cursor.anchor === null ? null : at(cursor.anchor) };
}
