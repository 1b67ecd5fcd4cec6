import type { Token } from '../../../shared/domain';
import { mapPos, plainPos } from './posMapping';
import { readingFor } from './reading';
import { segmentText, type Segment } from './segment';
import { analyzerWordKey } from './wordKey';

/**
 * What the worker sends back for each kuromoji token: a subset of kuromoji's
 * IpadicFeatures, so kuromoji's own output can be passed in directly.
 */
export interface RawToken {
  surface_form: string;
  pos: string;
  pos_detail_1: string;
  pos_detail_2?: string;
  basic_form: string;
  reading?: string;
  word_type?: string;
  /** IPADIC's conjugation type (カ変・来ル, 一段…), which says how the base form is read. */
  conjugated_type?: string;
}

/** Tokens for text kuromoji did not account for. */
export function plainToken(text: string): Token {
  return { word: text, pos: plainPos(text), furigana: readingFor(text) };
}

export function tokenFromRaw(raw: RawToken): Token {
  const word = raw.surface_form;
  const token: Token = { word, pos: mapPos(raw, word), furigana: readingFor(word, raw.reading) };
  if (raw.basic_form !== '' && raw.basic_form !== '*') token.lemma = raw.basic_form;
  const key = analyzerWordKey(raw, token.furigana);
  if (key) token.key = key;
  return token;
}

/**
 * Lines kuromoji's tokens up with the text they came from. Tokens are found by their
 * surface from a moving cursor, so characters kuromoji dropped become their own tokens and
 * a surface that is not in the text is skipped: nothing is lost or duplicated.
 */
export function reconcile(text: string, raw: readonly RawToken[] | null): Token[] {
  if (raw === null) return text === '' ? [] : [plainToken(text)];
  const out: Token[] = [];
  let cursor = 0;
  for (const r of raw) {
    const surface = r.surface_form;
    if (surface === '') continue;
    const at = text.startsWith(surface, cursor) ? cursor : text.indexOf(surface, cursor);
    if (at < 0) continue;
    if (at > cursor) out.push(plainToken(text.slice(cursor, at)));
    out.push(tokenFromRaw(r));
    cursor = at + surface.length;
  }
  if (cursor < text.length) out.push(plainToken(text.slice(cursor)));
  return out;
}

function segmentToken(seg: Segment): Token {
  if (seg.kind === 'linebreak') return { word: seg.text, pos: 'linebreak', furigana: '' };
  if (seg.kind === 'space') return { word: seg.text, pos: 'symbol', furigana: '' };
  // ‼ is punctuation; every other emoji (ZWJ joiners and keycaps included) is a symbol.
  if (seg.kind === 'emoji') return { word: seg.text, pos: plainPos(seg.text) === 'punctuation' ? 'punctuation' : 'symbol', furigana: '' };
  return plainToken(seg.text);
}

/** Combining marks, variation selectors and ZWJ that kuromoji leaves on their own. */
const MARKS_ONLY = /^[\p{M}\u200D]+$/u;
const DIGITS = /^[0-9０-９]+$/u;
const DIGIT_SEPARATOR = /^[.,．，]$/u;

/** Glues stray marks to the token before them (葛 + U+E0100 → 葛󠄀) so a glyph is never split. */
function attachMarks(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.pos !== 'linebreak' && MARKS_ONLY.test(t.word)) prev.word += t.word;
    else out.push(t);
  }
  return out;
}

/** kuromoji cuts numbers digit by digit (１２３ → １|２|３) and at separators (3.14); one number is one token. */
function mergeNumbers(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === undefined) continue;
    if (!DIGITS.test(t.word)) {
      out.push(t);
      continue;
    }
    let word = t.word;
    let j = i + 1;
    for (;;) {
      const next = tokens[j];
      if (next !== undefined && DIGITS.test(next.word)) {
        word += next.word;
        j += 1;
        continue;
      }
      const after = tokens[j + 1];
      if (next !== undefined && after !== undefined && DIGIT_SEPARATOR.test(next.word) && DIGITS.test(after.word)) {
        word += next.word + after.word;
        j += 2;
        continue;
      }
      break;
    }
    out.push(j === i + 1 ? t : { word, pos: 'number', furigana: '' });
    i = j - 1;
  }
  return out;
}

/**
 * Builds the tokens of one chunk from its segments and, for each `text` segment in
 * order, kuromoji's tokens (null when kuromoji failed on it).
 */
export function assembleTokens(segments: readonly Segment[], raw: ReadonlyArray<readonly RawToken[] | null>): Token[] {
  const tokens: Token[] = [];
  let textIndex = 0;
  for (const seg of segments) {
    if (seg.kind !== 'text') {
      tokens.push(segmentToken(seg));
      continue;
    }
    for (const t of reconcile(seg.text, raw[textIndex] ?? null)) tokens.push(t);
    textIndex += 1;
  }
  return mergeNumbers(attachMarks(tokens));
}

/** The text segments of a chunk, in the order `assembleTokens` expects their results. */
export function textSegments(segments: readonly Segment[]): string[] {
  return segments.filter((s) => s.kind === 'text').map((s) => s.text);
}

/** The whole pipeline on one chunk with a synchronous kuromoji (tests and tools). */
export function tokenizeWith(text: string, kuromojiTokenize: (segment: string) => readonly RawToken[]): Token[] {
  const segments = segmentText(text);
  const raw = textSegments(segments).map((s) => {
    try {
      return kuromojiTokenize(s);
    } catch {
      return null;
    }
  });
  return assembleTokens(segments, raw);
}
