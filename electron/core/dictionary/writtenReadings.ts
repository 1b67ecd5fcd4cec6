/**
 * What the dictionary says about reading a written form: its readings, which are common, and
 * which are a counter's or a suffix's (人 read にん after a number). The reading check of the
 * analyzer's furigana (electron/core/readings) asks these.
 */
import type { DictionaryReader } from './dictionaryStore';
import { katakanaToHiragana } from './kana';

type Reader = Pick<DictionaryReader, 'hits' | 'entry' | 'writtenFormsBetween'>;

export interface WrittenReading {
  /** In hiragana. */
  reading: string;
  /** JMdict's common (ichi1, news1, spec1/2, gai1; EDICT's (P)). */
  common: boolean;
  /** Priority score (higher is more common). */
  score: number;
  /** An entry with this reading is a counter or a suffix (ctr, suf, n-suf): a reading of compounds. */
  suffix: boolean;
}

const SUFFIX_CODES = new Set(['ctr', 'suf', 'n-suf']);

/** The readings of the entries written `written` (as a kanji form), most common first; empty when none is. */
export function readingsOfWritten(reader: Reader, written: string): WrittenReading[] {
  const byReading = new Map<string, WrittenReading>();
  for (const hit of reader.hits(written)) {
    if (!hit.isKanji) continue;
    const entry = reader.entry(hit.entryId);
    if (!entry) continue;
    const suffix = entry.senses.some((s) => s.posCodes.some((c) => SUFFIX_CODES.has(c)));
    for (const r of entry.readings) {
      // The reading's own priority, from the index (a reading that is not among its 40 most common entries has none worth counting).
      const score = reader.hits(r).find((h) => h.entryId === hit.entryId && !h.isKanji)?.formScore ?? 0;
      // A reading of a common entry is common when it has a priority of its own, or is the only one.
      const common = entry.common && (score > 0 || entry.readings.length === 1);
      const reading = katakanaToHiragana(r);
      const prev = byReading.get(reading);
      byReading.set(reading, {
        reading,
        common: common || (prev?.common ?? false),
        score: Math.max(score, prev?.score ?? 0),
        suffix: suffix || (prev?.suffix ?? false),
      });
    }
  }
  return [...byReading.values()].sort((a, b) => Number(b.common) - Number(a.common) || b.score - a.score);
}

const HIRAGANA_ONLY = /^[\u3041-\u3096]+$/;

/**
 * Written forms that are `head` + one or two kana of okurigana + `tail`: what a spelling that
 * leaves okurigana out stands for (恐 + しい → 恐ろしい). Each with its readings.
 */
export function okuriganaVariants(reader: Reader, head: string, tail: string): { form: string; readings: WrittenReading[] }[] {
  const out: { form: string; readings: WrittenReading[] }[] = [];
  for (const form of reader.writtenFormsBetween(`${head}\u3041`, `${head}\u3097`)) {
    if (!form.endsWith(tail) || form.length <= head.length + tail.length) continue;
    const middle = form.slice(head.length, form.length - tail.length);
    if (middle.length > 2 || !HIRAGANA_ONLY.test(middle)) continue;
    out.push({ form, readings: readingsOfWritten(reader, form) });
  }
  return out;
}
