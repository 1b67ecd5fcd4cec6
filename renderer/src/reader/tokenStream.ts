import type { AnalyzeChunk } from '../../../shared/contract/reader';
import type { PosGroup, Token } from '../../../shared/domain';
import { isLineBreak, placeTokens, plainTokens, tokenIndexAt, type PlacedToken, type TokenOrigin } from './placedToken';

interface Piece {
  start: number;
  end: number;
  /** Model tokens streamed so far (not yet checked against the text). */
  streamed: Token[];
  /** The checked tokens, once the piece is final. */
  placed?: PlacedToken[];
}

export interface CharRange {
  start: number;
  end: number;
}

/**
 * Lines up model tokens that are still streaming with the text from `from`.
 * Stops at the first token that does not continue the text (models drop or
 * alter characters); the caller shows the offline analysis from there on.
 */
export function alignTokens(text: string, from: number, to: number, tokens: readonly Token[]): { placed: PlacedToken[]; cursor: number } {
  const placed: PlacedToken[] = [];
  let cursor = from;
  for (const t of tokens) {
    if (isLineBreak(t) && t.word.trim() === '') continue; // the gap below restores it from the text
    const found = text.indexOf(t.word, cursor);
    if (found < 0 || found + t.word.length > to || text.slice(cursor, found).trim() !== '') break;
    if (found > cursor) placed.push(...plainTokens(text, cursor, found).map((g) => ({ ...g, pos: g.pos === 'linebreak' ? g.pos : ('symbol' as PosGroup) })));
    placed.push({ ...t, start: found, end: found + t.word.length, origin: 'model' });
    cursor = found + t.word.length;
  }
  return { placed, cursor };
}

/** Tokens of `tokens` covering [from, to); tokens cut by the edges become plain text. */
export function sliceCovering(tokens: readonly PlacedToken[], text: string, from: number, to: number): PlacedToken[] {
  const out: PlacedToken[] = [];
  if (from >= to) return out;
  for (let i = tokenIndexAt(tokens, from); i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.start >= to) break;
    if (t.start >= from && t.end <= to) out.push(t);
    else {
      const s = Math.max(t.start, from);
      const e = Math.min(t.end, to);
      out.push({ word: text.slice(s, e), pos: t.pos, furigana: '', start: s, end: e, origin: 'plain' });
    }
  }
  return out;
}

/** Replaces whatever covers [from, to) in a contiguous token list; returns a new list. */
export function replaceRange(tokens: readonly PlacedToken[], text: string, from: number, to: number, fresh: readonly PlacedToken[]): PlacedToken[] {
  const first = tokenIndexAt(tokens, from);
  let last = first;
  while (last < tokens.length && tokens[last]!.start < to) last++;
  const before = tokens[first];
  const after = tokens[last - 1];
  const head: PlacedToken[] = [];
  const tail: PlacedToken[] = [];
  // A token crossing an edge keeps its outside part, as plain text.
  if (before && before.start < from) head.push({ word: text.slice(before.start, from), pos: before.pos, furigana: '', start: before.start, end: from, origin: 'plain' });
  if (after && after.end > to && last > first) tail.push({ word: text.slice(to, after.end), pos: after.pos, furigana: '', start: to, end: after.end, origin: 'plain' });
  return [...tokens.slice(0, first), ...head, ...fresh, ...tail, ...tokens.slice(last)];
}

function checkedPlacement(text: string, range: CharRange, tokens: readonly Token[], origin: TokenOrigin): PlacedToken[] | undefined {
  const placed = placeTokens(tokens, range.start, origin);
  const end = placed.length ? placed[placed.length - 1]!.end : range.start;
  if (end !== range.end) return undefined;
  for (const t of placed) if (text.slice(t.start, t.end) !== t.word) return undefined;
  return placed;
}

/**
 * Builds the displayed token list from a `reader.analyze` stream: the offline
 * pass first (whole text), then the model piece by piece (tokens appended while
 * streaming, then the checked tokens replace the piece). Every state covers the
 * whole text exactly, so the text never moves while tokens arrive; only what
 * changed is recomputed.
 */
export class TokenStream {
  readonly text: string;
  private base: PlacedToken[];
  private readonly pieces = new Map<number, Piece>();
  private flat: PlacedToken[];
  private dirtyAll = false;
  private readonly dirtyPieces = new Set<number>();
  private readonly groups = new Set<PosGroup>();
  progress = { done: 0, total: 0 };
  hasTokens = false;

  constructor(text: string) {
    this.text = text;
    this.base = plainTokens(text, 0, text.length);
    this.flat = this.base;
    this.progress = { done: 0, total: text.length };
  }

  /** Starts from a finished analysis (a cached result or the daily sentence). */
  static fromTokens(text: string, tokens: readonly Token[], origin: TokenOrigin = 'model'): TokenStream {
    const s = new TokenStream(text);
    s.apply({ source: origin === 'offline' ? 'offline' : 'model', range: { start: 0, end: text.length }, tokens: [...tokens], final: true, progress: { done: text.length, total: text.length } });
    s.flush();
    return s;
  }

  apply(chunk: AnalyzeChunk): void {
    const { start, end } = chunk.range;
    this.progress = chunk.progress;
    if (chunk.tokens.length) this.hasTokens = true;
    for (const t of chunk.tokens) this.groups.add(t.pos);
    const whole = start === 0 && end === this.text.length;
    if (chunk.source === 'offline' && whole && this.pieces.size === 0) {
      this.base = checkedPlacement(this.text, chunk.range, chunk.tokens, 'offline') ?? alignOrPlain(this.text, chunk.range, chunk.tokens, 'offline');
      this.dirtyAll = true;
      return;
    }
    let piece = this.pieces.get(start);
    if (!piece || piece.end !== end) {
      piece = { start, end, streamed: [] };
      this.pieces.set(start, piece);
    }
    if (chunk.final) {
      piece.placed = checkedPlacement(this.text, chunk.range, chunk.tokens, chunk.source) ?? alignOrPlain(this.text, chunk.range, chunk.tokens, chunk.source);
    } else if (!piece.placed) {
      piece.streamed.push(...chunk.tokens);
    }
    this.dirtyPieces.add(start);
  }

  /** Applies what changed since the last flush; returns the changed ranges (empty when nothing did). */
  flush(): CharRange[] {
    if (this.dirtyAll) {
      this.dirtyAll = false;
      this.dirtyPieces.clear();
      this.flat = this.composeAll();
      return [{ start: 0, end: this.text.length }];
    }
    const changed: CharRange[] = [];
    for (const start of this.dirtyPieces) {
      const p = this.pieces.get(start)!;
      this.flat = replaceRange(this.flat, this.text, p.start, p.end, this.composePiece(p));
      changed.push({ start: p.start, end: p.end });
    }
    this.dirtyPieces.clear();
    return changed;
  }

  /** A stop or a failure: pieces the model did not finish go back to the offline analysis. */
  dropUnfinished(): CharRange[] {
    for (const [start, p] of this.pieces) {
      if (!p.placed) {
        this.pieces.delete(start);
        this.flat = replaceRange(this.flat, this.text, p.start, p.end, sliceCovering(this.base, this.text, p.start, p.end));
      }
    }
    this.dirtyAll = false;
    this.dirtyPieces.clear();
    return [{ start: 0, end: this.text.length }];
  }

  tokens(): readonly PlacedToken[] {
    return this.flat;
  }

  posGroups(): ReadonlySet<PosGroup> {
    return this.groups;
  }

  private composePiece(p: Piece): PlacedToken[] {
    if (p.placed) return p.placed;
    const { placed, cursor } = alignTokens(this.text, p.start, p.end, p.streamed);
    return [...placed, ...sliceCovering(this.base, this.text, cursor, p.end)];
  }

  private composeAll(): PlacedToken[] {
    const sorted = [...this.pieces.values()].sort((a, b) => a.start - b.start);
    const out: PlacedToken[] = [];
    let at = 0;
    for (const p of sorted) {
      if (p.start < at) continue; // overlapping piece: keep the earlier one
      out.push(...sliceCovering(this.base, this.text, at, p.start), ...this.composePiece(p));
      at = p.end;
    }
    out.push(...sliceCovering(this.base, this.text, at, this.text.length));
    return out;
  }
}

/** Tokens that do not rebuild their range exactly: keep what lines up, the rest as plain text. */
function alignOrPlain(text: string, range: CharRange, tokens: readonly Token[], origin: TokenOrigin): PlacedToken[] {
  const { placed, cursor } = alignTokens(text, range.start, range.end, tokens);
  const relabelled = origin === 'model' ? placed : placed.map((t) => (t.origin === 'model' ? { ...t, origin } : t));
  return [...relabelled, ...plainTokens(text, cursor, range.end)];
}
