/**
 * A word's pitch accents, JLPT level and frequency, from every source the app has: the
 * enabled Yomitan dictionaries' `pitch` and `freq` rows (in lookup order), the shipped
 * Kanjium accents and JLPT list, and JMdict's priority tags as a frequency band when no
 * frequency dictionary knows the word.
 */
import { isJlptLevel, JMDICT_FREQUENCY, type JlptLevel, type WordFacts, type WordFactsQuery, type WordFrequency, type WordIpa, type WordPitch } from '../../../shared/wordFacts';
import { katakanaToHiragana } from './kana';
import type { TermMeta } from './yomitan/yomitanFormat';

export interface MetaSource {
  title: string;
  termMeta(text: string): TermMeta[];
}

export interface FactSources {
  /** Enabled imported dictionaries, lookup order first. */
  dictionaries: readonly MetaSource[];
  kanjium: MetaSource | null;
  jlpt: MetaSource | null;
  /** JMdict's priority score of the word (see priority.ts), null when JMdict lacks it. */
  jmdictScore(term: string, reading: string | undefined): number | null;
}

/** Every frequency known for the word, beside the facts (an entry shows them all). */
export interface AllWordFacts extends WordFacts {
  frequencies: WordFrequency[];
  /** IPA of the word's readings, from the enabled dictionaries that have it (none ships with the app). */
  ipa: WordIpa[];
}

/**
 * JMdict's priority score as an approximate frequency rank: nf01–nf48 are the news corpus's
 * 500-word bands, and news1, ichi1, spec1 mark roughly the 12,000 commonest words.
 */
export function bandRank(score: number): number | null {
  if (score >= 110) return 2_000;
  if (score >= 80) return 5_000;
  if (score >= 55) return 10_000;
  if (score >= 30) return 15_000;
  if (score >= 10) return 25_000;
  return null;
}

const sameReading = (a: string, b: string | undefined) => b === undefined || katakanaToHiragana(a) === katakanaToHiragana(b);

function pitchesOf(src: MetaSource, q: WordFactsQuery): WordPitch[] {
  const out: WordPitch[] = [];
  for (const m of src.termMeta(q.term)) {
    if (m.mode !== 'pitch' || !sameReading(m.data.reading, q.reading)) continue;
    const nasal = [...new Set(m.data.pitches.flatMap((p) => p.nasal))];
    const devoiced = [...new Set(m.data.pitches.flatMap((p) => p.devoice))];
    out.push({
      reading: m.data.reading,
      downsteps: [...new Set(m.data.pitches.map((p) => p.position))],
      dictionary: src.title,
      ...(nasal.length ? { nasal } : {}),
      ...(devoiced.length ? { devoiced } : {}),
    });
  }
  return out;
}

function ipaOf(src: MetaSource, q: WordFactsQuery): WordIpa[] {
  const out: WordIpa[] = [];
  for (const m of src.termMeta(q.term)) {
    if (m.mode !== 'ipa' || !sameReading(m.data.reading, q.reading)) continue;
    const transcriptions = [...new Set(m.data.transcriptions.map((t) => t.ipa).filter((t) => t.trim() !== ''))];
    if (transcriptions.length) out.push({ reading: m.data.reading, transcriptions, dictionary: src.title });
  }
  return out;
}

function frequenciesOf(src: MetaSource, q: WordFactsQuery): WordFrequency[] {
  const out: WordFrequency[] = [];
  for (const m of src.termMeta(q.term)) {
    if (m.mode !== 'freq' || !Number.isFinite(m.data.value)) continue;
    if (m.data.reading !== undefined && !sameReading(m.data.reading, q.reading)) continue;
    out.push({ dictionary: src.title, value: m.data.value, ...(m.data.display ? { display: m.data.display } : {}) });
  }
  return out;
}

export function wordFacts(src: FactSources, q: WordFactsQuery): AllWordFacts {
  const pitches = [...src.dictionaries.flatMap((d) => pitchesOf(d, q)), ...(src.kanjium ? pitchesOf(src.kanjium, q) : [])];
  const imported = src.dictionaries.flatMap((d) => frequenciesOf(d, q));
  const jlptRows = src.jlpt ? frequenciesOf(src.jlpt, q) : [];
  const level = jlptRows.map((f) => f.display).find(isJlptLevel);
  const jlpt: JlptLevel | null = level ?? null;
  let band: WordFrequency | null = null;
  if (imported.length === 0) {
    const score = src.jmdictScore(q.term, q.reading);
    const rank = score === null ? null : bandRank(score);
    if (rank !== null) band = { dictionary: JMDICT_FREQUENCY, value: rank };
  }
  const frequencies = [...imported, ...(band ? [band] : []), ...jlptRows];
  const ipa = src.dictionaries.flatMap((d) => ipaOf(d, q));
  return { pitches, jlpt, frequency: imported[0] ?? band, frequencies, ipa };
}
