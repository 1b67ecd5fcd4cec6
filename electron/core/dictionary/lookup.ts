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
import { deinflect } from './deinflect';
import type { DictionaryReader } from './dictionaryStore';
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

interface Match {
  entryId: number;
  /** The dictionary's place in the lookup order (0 = first). */
  rank: number;
  matched: string;
  term: string;
  reasons: InflectionReason[];
  formScore: number;
  entryScore: number;
  common: boolean;
  isKanji: boolean;
  readingsJson: string;
}

const KATAKANA = /[\u30a1-\u30f6]/;

/** A lookup stops at the first space or punctuation mark: no word runs across one. */
const STOP = /[\s、。，．,.!?！？「」『』（）()【】［］[\]・:：;；"'“”]/;

export function scanText(text: string): string {
  const cut = text.slice(0, LOOKUP_MAX_CHARS);
  const stop = cut.search(STOP);
  return stop < 0 ? cut : cut.slice(0, stop);
}

export function lookup(reader: Pick<DictionaryReader, 'hits' | 'entry'>, text: string, opts: LookupOptions = {}): FoundEntry[] {
  const best = new Map<number, Match>();
  const consider = (m: Match) => {
    const prev = best.get(m.entryId);
    if (!prev || m.matched.length > prev.matched.length || (m.matched.length === prev.matched.length && m.reasons.length < prev.reasons.length)) {
      best.set(m.entryId, m);
    }
  };
  const scan = scanText(text);
  for (let len = scan.length; len > 0; len--) {
    const prefix = scan.slice(0, len);
    for (const c of deinflect(prefix)) {
      const matchHits = (form: string) => {
        for (const h of reader.hits(form)) {
          // Every entry is a word (the class a rule taking any word produces); no file stores that bit.
          if (c.reasons.length > 0 && ((h.classes | WordClass.word) & c.classes) === 0) continue;
          consider({ entryId: h.entryId, rank: h.rank ?? 0, matched: prefix, term: c.term, reasons: c.reasons, formScore: h.formScore, entryScore: h.entryScore, common: h.common, isKanji: h.isKanji, readingsJson: h.readingsJson });
        }
      };
      matchHits(c.term);
      // Katakana written words are also looked up by their hiragana reading.
      const hira = KATAKANA.test(c.term) ? katakanaToHiragana(c.term) : c.term;
      if (hira !== c.term) matchHits(hira);
    }
  }
  for (const x of opts.extra ?? []) {
    for (const h of reader.hits(x.term)) {
      consider({ entryId: h.entryId, rank: h.rank ?? 0, matched: x.matched, term: x.term, reasons: ['analyzer'], formScore: h.formScore, entryScore: h.entryScore, common: h.common, isKanji: h.isKanji, readingsJson: h.readingsJson });
    }
  }
  const limit = opts.limit ?? 12;
  const wanted = opts.reading ? katakanaToHiragana(opts.reading) : null;
  const readingOk = (m: Match) => (wanted ? (JSON.parse(m.readingsJson) as string[]).some((r) => katakanaToHiragana(r) === wanted) : false);
  const ranked = [...best.values()].map((m) => ({ m, readingOk: readingOk(m) }));
  ranked.sort(
    (a, b) =>
      b.m.matched.length - a.m.matched.length ||
      Number(b.readingOk) - Number(a.readingOk) ||
      a.m.rank - b.m.rank ||
      a.m.reasons.length - b.m.reasons.length ||
      Number(b.m.common) - Number(a.m.common) ||
      b.m.formScore - a.m.formScore ||
      b.m.entryScore - a.m.entryScore ||
      a.m.term.length - b.m.term.length ||
      a.m.entryId - b.m.entryId,
  );
  const out: FoundEntry[] = [];
  for (const { m } of ranked) {
    if (out.length >= limit) break;
    const e = reader.entry(m.entryId);
    if (e) out.push({ ...e, matched: m.matched, term: m.term, reasons: m.reasons });
  }
  return out;
}
