import { tokenIndexAt, type PlacedToken } from './placedToken';

/**
 * A unit of virtualised rendering: one line of the source (a paragraph in most
 * Japanese texts), or a blank line. Very long lines are cut after a sentence end
 * so that no single block is taller than a screen.
 */
export interface Block {
  index: number;
  start: number;
  end: number;
  blank: boolean;
  /** Continues the previous block's line (a long line cut in pieces). */
  continued: boolean;
}

const SENTENCE_END = /[。！？!?…]+[」』）)】〉》"'’”]*/g;

export function buildBlocks(text: string, maxChars = 400): Block[] {
  const blocks: Block[] = [];
  const push = (start: number, end: number, continued: boolean) =>
    blocks.push({ index: blocks.length, start, end, blank: text.slice(start, end).trim() === '', continued });
  let lineStart = 0;
  for (;;) {
    let nl = text.indexOf('\n', lineStart);
    if (nl < 0) nl = text.length;
    const lineEnd = nl > lineStart && text[nl - 1] === '\r' ? nl - 1 : nl;
    let at = lineStart;
    while (lineEnd - at > maxChars) {
      const cut = cutPoint(text, at, lineEnd, maxChars);
      push(at, cut, at !== lineStart);
      at = cut;
    }
    push(at, lineEnd, at !== lineStart);
    if (nl >= text.length) break;
    lineStart = nl + 1;
  }
  return blocks;
}

/** The last sentence end within `max` characters of `from`, else a hard cut (never inside a surrogate pair). */
function cutPoint(text: string, from: number, to: number, max: number): number {
  const window = text.slice(from, from + max);
  let cut = -1;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(window); m; m = SENTENCE_END.exec(window)) cut = m.index + m[0].length;
  if (cut < max / 4) {
    cut = max;
    const code = text.charCodeAt(from + cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  }
  return Math.min(from + cut, to);
}

/** The tokens that start inside a block, without line breaks (a block is already a line). */
export function tokensOfBlock(tokens: readonly PlacedToken[], block: Block): PlacedToken[] {
  const out: PlacedToken[] = [];
  for (let i = tokenIndexAt(tokens, block.start); i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.start >= block.end) break;
    if (t.start < block.start) continue;
    if (t.pos === 'linebreak' && t.word.trim() === '') continue;
    out.push(t);
  }
  return out;
}

/** Index of the block holding `offset`. */
export function blockIndexAt(blocks: readonly Block[], offset: number): number {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (blocks[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

function sameToken(a: PlacedToken, b: PlacedToken): boolean {
  return a.start === b.start && a.end === b.end && a.pos === b.pos && a.furigana === b.furigana && a.origin === b.origin && a.word === b.word;
}

/**
 * Per-block token lists for a new token list, reusing the previous arrays of
 * blocks that did not change so memoised rows skip rendering.
 */
export function blockTokenLists(
  blocks: readonly Block[],
  tokens: readonly PlacedToken[],
  previous: ReadonlyArray<readonly PlacedToken[]> | undefined,
  changed: ReadonlyArray<{ start: number; end: number }> | 'all',
): Array<readonly PlacedToken[]> {
  return blocks.map((b, i) => {
    const prev = previous?.[i];
    if (prev && changed !== 'all' && !changed.some((r) => r.start < b.end + 1 && r.end > b.start - 1)) return prev;
    const next = tokensOfBlock(tokens, b);
    if (prev && prev.length === next.length && prev.every((t, k) => sameToken(t, next[k]!))) return prev;
    return next;
  });
}
