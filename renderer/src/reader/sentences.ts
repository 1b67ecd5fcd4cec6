/** Sentence boundaries in Japanese text, for "play this sentence" and the context of a word. */

const TERMINATORS = new Set(['。', '！', '？', '!', '?', '…']);
const CLOSERS = new Set(['」', '』', '）', ')', '】', '〉', '》', '"', '’', '”']);

export interface TextRange {
  start: number;
  end: number;
}

/** The sentence around [start, end): from the previous sentence end or line break to the next. */
export function sentenceAround(text: string, start: number, end = start): TextRange {
  let a = start;
  while (a > 0) {
    const prev = text[a - 1]!;
    if (prev === '\n') break;
    if (TERMINATORS.has(prev) || (CLOSERS.has(prev) && a >= 2 && TERMINATORS.has(text[a - 2]!))) {
      // A terminator followed by a closer belongs to the previous sentence.
      break;
    }
    a--;
  }
  let b = Math.max(end, a);
  while (b < text.length) {
    const ch = text[b]!;
    if (ch === '\n' || ch === '\r') break;
    b++;
    if (TERMINATORS.has(ch)) {
      while (b < text.length && (TERMINATORS.has(text[b]!) || CLOSERS.has(text[b]!))) b++;
      break;
    }
  }
  // Leading spaces (incl. ideographic) are not part of the sentence.
  while (a < b && /\s|\u3000/.test(text[a]!)) a++;
  return { start: a, end: b };
}

/** Every non-blank sentence of the text, in order. */
export function splitSentences(text: string): TextRange[] {
  const out: TextRange[] = [];
  let at = 0;
  while (at < text.length) {
    if (/\s/.test(text[at]!)) {
      at++;
      continue;
    }
    const r = sentenceAround(text, at);
    const end = Math.max(r.end, at + 1);
    if (text.slice(r.start, end).trim() !== '') out.push({ start: r.start, end });
    at = end;
  }
  return out;
}

/**
 * Text for speech in pieces of at most `max` characters, cut at sentence ends
 * (a longer sentence is cut hard), so a chapter plays piece after piece.
 */
export function speechChunks(text: string, max = 1_000): string[] {
  const chunks: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim() !== '') chunks.push(current.trim());
    current = '';
  };
  for (const r of splitSentences(text)) {
    let s = text.slice(r.start, r.end);
    if (current.length + s.length > max) flush();
    while (s.length > max) {
      chunks.push(s.slice(0, max));
      s = s.slice(max);
    }
    current += s;
  }
  flush();
  return chunks;
}

/** A context no longer than `max` around [start, end) (the contract caps sentences at 5,000). */
export function clampContext(text: string, range: TextRange, focus: TextRange, max = 5_000): TextRange {
  if (range.end - range.start <= max) return range;
  const half = Math.floor((max - (focus.end - focus.start)) / 2);
  const start = Math.max(range.start, focus.start - half);
  return { start, end: Math.min(range.end, start + max) };
}
