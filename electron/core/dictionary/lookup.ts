/**
 * Lookup from the cursor, as Yomitan does: every prefix of the text (longest first) is
 * deinflected and looked up, so 食べられなかった finds 食べる and a compound the analyzer
 * split (東京大学) is still found whole. Entries are sorted longest match first, then by
 * the wanted reading, then fewest deinflection steps (the text as written before a guess at
 * an inflection: した is 下 before it is する), then by commonness (JMdict's priority tags), then
 * the plainer word of two a chain fits as well (待たされる: 待つ before 待たす). Several dictionaries
 * merge in their lookup order, after the match's length and the wanted reading.
 */
import { LOOKUP_MAX_CHARS, type DictionaryEntry } from '../../../shared/contract/dictionary';
import type { InflectionReason } from '../../../shared/inflections';
import { deinflect, type Candidate } from './deinflect';
import type { DictionaryReader, FormHit } from './dictionaryStore';
import type { BatchReads } from './mergedSources';
import { katakanaToHiragana } from './kana';
import { WordClass } from './wordClass';

export interface ExtraTerm {
  /** A dictionary form found another way (the offline analyzer). */
  term: string;
  /** The text it stands for, from the cursor. */
  matched: string;
}

export interface LookupOptions {
  reading?: string;
  extra?: readonly ExtraTerm[];
  /** Entries returned at most (default 12). */
  limit?: number;
}

/** An entry as the lookup finds it; the service adds where it came from and the word's facts. */
export type FoundEntry = Omit<DictionaryEntry, 'dictionary' | 'frequencies' | 'pitches' | 'jlpt'>;

/** The hit itself is kept, not copied field by field: a lookup makes one of these per entry it finds. */
interface Match {
  hit: FormHit;
  matched: string;
  term: string;
  reasons: InflectionReason[];
  /** Whether the entry has the wanted reading; set when ranking, and only when a reading is asked for. */
  readingOk: boolean;
}

const KATAKANA = /[\u30a1-\u30f6]/;

/** A lookup stops at the first space or punctuation mark: no word runs across one. */
const STOP = /[\s、。，．,.!?！？「」『』（）()【】［］[\]・:：;；"'“”]/;

export function scanText(text: string): string {
  const cut = text.slice(0, LOOKUP_MAX_CHARS);
  const stop = cut.search(STOP);
  return stop < 0 ? cut : cut.slice(0, stop);
}

export function lookup(reader: Pick<DictionaryReader, 'hits' | 'entry'> & BatchReads, text: string, opts: LookupOptions = {}): FoundEntry[] {
  const best = new Map<number, Match>();
  // A Match is made only for a hit that beats the entry's best so far: most hits repeat an entry a
  // longer prefix or a shorter chain already found, and a first-time lookup makes hundreds of them
  // (every young object is a scavenge's work, and the hover waits for the scavenge).
  const consider = (h: FormHit, matched: string, term: string, reasons: InflectionReason[]) => {
    const prev = best.get(h.entryId);
    if (prev && !(matched.length > prev.matched.length || (matched.length === prev.matched.length && reasons.length < prev.reasons.length))) return;
    best.set(h.entryId, { hit: h, matched, term, reasons, readingOk: false });
  };
  const matchHits = (form: string, prefix: string, c: Candidate) => {
    const hits = reader.hits(form);
    for (let i = 0; i < hits.length; i++) {
      const h = hits[i]!;
      // Every entry is a word (the class a rule taking any word produces); no file stores that bit.
      if (c.reasons.length > 0 && ((h.classes | WordClass.word) & c.classes) === 0) continue;
      consider(h, prefix, c.term, c.reasons);
    }
  };
  const scan = scanText(text);
  // Every prefix's candidates first, so that each dictionary is asked for all their forms in one statement
  // (a first-time lookup asks a dozen or more); the hits are then taken in the same order as ever.
  const prefixes: { prefix: string; candidates: Candidate[] }[] = [];
  const forms: string[] = [];
  for (let len = scan.length; len > 0; len--) {
    const prefix = scan.slice(0, len);
    const candidates = deinflect(prefix);
    prefixes.push({ prefix, candidates });
    for (let i = 0; i < candidates.length; i++) {
      const term = candidates[i]!.term;
      forms.push(term);
      if (KATAKANA.test(term)) forms.push(katakanaToHiragana(term));
    }
  }
  reader.prefetch?.(forms);
  for (const { prefix, candidates } of prefixes) {
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[i]!;
      matchHits(c.term, prefix, c);
      // Katakana written words are also looked up by their hiragana reading.
      if (KATAKANA.test(c.term)) {
        const hira = katakanaToHiragana(c.term);
        if (hira !== c.term) matchHits(hira, prefix, c);
      }
    }
  }
  for (const x of opts.extra ?? []) {
    for (const h of reader.hits(x.term)) consider(h, x.matched, x.term, ['analyzer']);
  }
  const limit = opts.limit ?? 12;
  const wanted = opts.reading ? katakanaToHiragana(opts.reading) : null;
  const ranked = [...best.values()];
  if (wanted) for (const m of ranked) m.readingOk = (JSON.parse(m.hit.readingsJson) as string[]).some((r) => katakanaToHiragana(r) === wanted);
  ranked.sort(
    (a, b) =>
      b.matched.length - a.matched.length ||
      Number(b.readingOk) - Number(a.readingOk) ||
      (a.hit.rank ?? 0) - (b.hit.rank ?? 0) ||
      a.reasons.length - b.reasons.length ||
      Number(b.hit.common) - Number(a.hit.common) ||
      b.hit.formScore - a.hit.formScore ||
      b.hit.entryScore - a.hit.entryScore ||
      a.term.length - b.term.length ||
      a.hit.entryId - b.hit.entryId,
  );
  const out: FoundEntry[] = [];
  reader.prefetchEntries?.(ranked.slice(0, limit).map((m) => m.hit.entryId));
  for (const m of ranked) {
    if (out.length >= limit) break;
    const e = reader.entry(m.hit.entryId);
    if (e) out.push({ ...e, matched: m.matched, term: m.term, reasons: m.reasons });
  }
  return out;
}
