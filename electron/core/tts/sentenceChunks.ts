/**
 * Cuts long text into pieces that each fit one synthesis request, preferring sentence
 * boundaries so no word is cut in half and the joins fall on natural pauses.
 */

const SENTENCE_END = new Set(['。', '！', '？', '!', '?', '．', '…', '\n']);
/** Closing marks that belong to the sentence they end (「…。」 stays together). */
const CLOSERS = new Set(['」', '』', '）', ')', '】', '〕', '〉', '》', '"', "'", '”', '’', '\r']);
/** Second-best cut points inside an overlong sentence. */
const SOFT_BREAKS = new Set(['、', '，', ',', '；', ';', '：', ':', ' ', '　', '\t']);

/** Splits after each run of sentence-ending marks (and the closers that follow them). */
export function splitSentences(text: string): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  let current = '';
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] as string;
    current += c;
    i += 1;
    if (!SENTENCE_END.has(c)) continue;
    while (i < chars.length && (SENTENCE_END.has(chars[i] as string) || CLOSERS.has(chars[i] as string))) {
      current += chars[i] as string;
      i += 1;
    }
    out.push(current);
    current = '';
  }
  if (current !== '') out.push(current);
  return out;
}

/** Cuts after soft breaks, then by code point, so every piece costs at most `max`. */
function splitOverlong(sentence: string, max: number, cost: (s: string) => number): string[] {
  const pieces: string[] = [];
  let current = '';
  let lastSoft = -1; // index in `current` just after the last soft break
  for (const c of sentence) {
    if (cost(c) > max) throw new RangeError(`chunk limit ${max} is smaller than one character`);
    if (current !== '' && cost(current + c) > max) {
      if (lastSoft > 0) {
        pieces.push(current.slice(0, lastSoft));
        current = current.slice(lastSoft);
      } else {
        pieces.push(current);
        current = '';
      }
      lastSoft = -1;
      // The remainder after a soft cut may still not leave room for `c`.
      if (current !== '' && cost(current + c) > max) {
        pieces.push(current);
        current = '';
      }
    }
    current += c;
    if (SOFT_BREAKS.has(c)) lastSoft = current.length;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/**
 * Packs sentences greedily into chunks whose `cost` is at most `max`. Joining the chunks
 * gives back the text exactly.
 */
export function chunkText(text: string, max: number, cost: (s: string) => number = (s) => Buffer.byteLength(s)): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const sentence of splitSentences(text)) {
    const parts = cost(sentence) > max ? splitOverlong(sentence, max, cost) : [sentence];
    for (const part of parts) {
      if (current !== '' && cost(current + part) > max) {
        chunks.push(current);
        current = '';
      }
      current += part;
    }
  }
  if (current !== '') chunks.push(current);
  return chunks;
}
