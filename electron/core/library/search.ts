/**
 * History search over SQLite FTS5 with the trigram tokenizer; every term must
 * match (AND). Terms of 3+ characters are trigram phrases. Shorter ones (most
 * single kanji words, 2-kana words) have no trigram of their own: the library
 * turns each into the OR of the indexed trigrams that begin with it
 * (`shortTermMatch`, migration 6), and only a term that begins too many of them
 * falls back to LIKE over the texts.
 */
import type { SearchMatch } from '../../../shared/contract/library';
import { normalizeText } from '../cache/cacheKey';

export interface ParsedQuery {
  terms: string[];
  /** An FTS5 MATCH expression of the terms of 3+ characters, each a quoted phrase. */
  match?: string;
  /** LIKE patterns (escape character `\`) of the shorter terms. */
  likes: string[];
  /** The shorter terms themselves (1–2 characters). */
  short: string[];
}

const length = (s: string) => [...s].length;
const likePattern = (t: string) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const phrase = (t: string) => `"${t.replace(/"/g, '""')}"`;

export function parseQuery(query: string): ParsedQuery {
  const terms = [...new Set(normalizeText(query).split(/\s+/u).filter((t) => t !== ''))];
  const long = terms.filter((t) => length(t) >= 3);
  const short = terms.filter((t) => length(t) < 3);
  return {
    terms,
    // A quoted phrase is taken literally by FTS5: no operators, columns or prefixes from user input.
    match: long.length > 0 ? long.map(phrase).join(' AND ') : undefined,
    likes: short.map(likePattern),
    short,
  };
}

/**
 * A short term as an FTS5 expression over the trigrams that begin with it (from
 * the index's vocabulary): `null` when no document contains it. `undefined`
 * when the term begins more than `max` trigrams, where the OR would cost more
 * than a scan.
 */
export function shortTermMatch(trigrams: readonly string[], max: number): string | null | undefined {
  if (trigrams.length === 0) return null;
  if (trigrams.length > max) return undefined;
  return `(${trigrams.map(phrase).join(' OR ')})`;
}

/** The query with its short terms moved into the MATCH expression where the index can answer them. */
export function withShortTerms(q: ParsedQuery, expand: (term: string) => string | null | undefined): ParsedQuery | null {
  const matches = q.match ? [q.match] : [];
  const likes: string[] = [];
  for (const term of q.short) {
    const m = expand(term);
    if (m === null) return null; // no document has it: nothing can match every term
    if (m === undefined) likes.push(likePattern(term));
    else matches.push(m);
  }
  return { ...q, likes, ...(matches.length ? { match: matches.join(' AND ') } : {}) };
}

const CONTEXT = 24;

/** Where the first term occurs (text first, then translation), cut around it for a result line. */
export function matchOf(terms: readonly string[], text: string, translation: string): SearchMatch | undefined {
  for (const [field, value] of [['text', text], ['translation', translation]] as const) {
    const lower = value.toLowerCase();
    // toLowerCase can change the length of a few characters; then only exact case is searched.
    const haystack = lower.length === value.length ? lower : value;
    for (const term of terms) {
      const at = haystack.indexOf(lower.length === value.length ? term.toLowerCase() : term);
      if (at < 0) continue;
      const start = notInsidePair(value, Math.max(0, at - CONTEXT), -1);
      const end = notInsidePair(value, Math.min(value.length, at + term.length + CONTEXT), 1);
      return {
        field,
        before: (start > 0 ? '…' : '') + value.slice(start, at).replace(/\s+/g, ' '),
        hit: value.slice(at, at + term.length),
        after: value.slice(at + term.length, end).replace(/\s+/g, ' ') + (end < value.length ? '…' : ''),
      };
    }
  }
  return undefined;
}

/** Moves a cut off the second half of a surrogate pair (emoji, rare kanji). */
function notInsidePair(s: string, at: number, step: -1 | 1): number {
  const code = s.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff ? at + step : at;
}
