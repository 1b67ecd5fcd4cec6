/**
 * Splits text before it reaches kuromoji. kuromoji drops or merges line breaks and
 * whitespace, splits emoji sequences apart, throws on lone surrogates and is quadratic in
 * the length of a sentence, so those pieces are cut out here and never sent to it.
 */

export type SegmentKind = 'text' | 'linebreak' | 'space' | 'emoji' | 'stray';

export interface Segment {
  kind: SegmentKind;
  text: string;
}

const EMOJI_UNIT = String.raw`\p{Extended_Pictographic}[\uFE0E\uFE0F]?\p{Emoji_Modifier}?`;
const EMOJI = [
  String.raw`[#*0-9]\uFE0F?\u20E3`, // keycaps 1️⃣
  String.raw`\p{Regional_Indicator}{1,2}`, // flags 🇯🇵
  String.raw`${EMOJI_UNIT}(?:\u200D${EMOJI_UNIT})*[\u{E0020}-\u{E007F}]*`, // ZWJ and tag sequences
  String.raw`\p{Emoji_Modifier}`,
].join('|');

/** Groups: 1 line break, 2 whitespace run, 3 emoji cluster, 4 lone surrogate (the `u` flag never matches a paired one). */
const SPECIAL = new RegExp(
  String.raw`(\r\n|[\n\r\u2028\u2029])|([^\S\r\n\u2028\u2029]+)|(${EMOJI})|([\uD800-\uDFFF])`,
  'gu',
);

/** Longest run handed to kuromoji in one piece (it is quadratic per sentence). */
export const MAX_RUN = 256;

/** Characters after which a run may be cut without splitting a word. */
const RUN_BREAK = /[。．！？!?…‥、，,.;；:：」』）)】〉》\]]/u;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** A cut index at or before `at` that does not split a surrogate pair or \r\n. */
function safeCut(text: string, at: number): number {
  let cut = Math.min(at, text.length);
  if (cut > 0 && cut < text.length) {
    if (isHighSurrogate(text.charCodeAt(cut - 1))) cut -= 1;
    else if (text[cut - 1] === '\r' && text[cut] === '\n') cut -= 1;
  }
  return cut > 0 ? cut : Math.min(at, text.length);
}

/** Cuts a text run into pieces of at most `max` characters, after punctuation when possible. */
export function splitLongRun(run: string, max = MAX_RUN): string[] {
  const pieces: string[] = [];
  let rest = run;
  while (rest.length > max) {
    let cut = -1;
    for (let i = max; i > max / 2; i--) {
      if (RUN_BREAK.test(rest[i - 1] ?? '')) {
        cut = i;
        break;
      }
    }
    if (cut < 0) cut = safeCut(rest, max);
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

/** Splits one chunk into line breaks, whitespace runs, emoji, stray surrogates and bounded text runs. */
export function segmentText(text: string): Segment[] {
  const out: Segment[] = [];
  const pushText = (run: string): void => {
    for (const piece of splitLongRun(run)) out.push({ kind: 'text', text: piece });
  };
  let last = 0;
  for (const m of text.matchAll(SPECIAL)) {
    const at = m.index;
    if (at > last) pushText(text.slice(last, at));
    const kind: SegmentKind =
      m[1] !== undefined ? 'linebreak' : m[2] !== undefined ? 'space' : m[3] !== undefined ? 'emoji' : 'stray';
    out.push({ kind, text: m[0] });
    last = at + m[0].length;
  }
  if (last < text.length) pushText(text.slice(last));
  return out;
}

const SENTENCE_END = /[。．！？!?…]/u;

/**
 * Cuts a long input into chunks of about `max` characters for the worker, at a line break
 * when there is one in the second half of the window, else after a sentence end, else after
 * whitespace, else anywhere safe. Concatenating the chunks gives the input back.
 */
export function chunkText(text: string, max: number): string[] {
  if (max < 2) throw new RangeError('chunk size must be at least 2');
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > max) {
    const end = start + max;
    const floor = start + Math.floor(max / 2);
    let cut = -1;
    const nl = text.lastIndexOf('\n', end - 1);
    if (nl >= floor) cut = nl + 1;
    for (let i = end; cut < 0 && i > floor; i--) if (SENTENCE_END.test(text[i - 1] ?? '')) cut = i;
    for (let i = end; cut < 0 && i > floor; i--) if (/\s/u.test(text[i - 1] ?? '') && text[i - 1] !== '\r') cut = i;
    if (cut < 0) cut = start + safeCut(text.slice(start, end + 1), max);
    chunks.push(text.slice(start, cut));
    start = cut;
  }
  if (start < text.length || chunks.length === 0) chunks.push(text.slice(start));
  return chunks;
}
