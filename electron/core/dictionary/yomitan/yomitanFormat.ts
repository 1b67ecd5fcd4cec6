/**
 * The Yomitan dictionary format (formats 1 to 3), read row by row into the app's own
 * records: index.json, term banks, term meta banks (freq, pitch, ipa), kanji banks, kanji
 * meta banks and tag banks. A row that is not what its format says refuses the whole bank
 * (`damaged_bank`) rather than importing half a dictionary.
 */
import { contentLines, sanitizeContent, type GlossaryItem } from '../../../../shared/structuredContent';
import { DictionaryInputError } from '../errors';

export const NEWEST_FORMAT = 3;

export interface YomitanIndex {
  title: string;
  revision: string;
  format: 1 | 2 | 3;
  sequenced: boolean;
  author?: string;
  url?: string;
  description?: string;
  attribution?: string;
  sourceLanguage?: string;
  targetLanguage?: string;
  frequencyMode?: string;
  /** Format 1's tags, kept in the index. */
  tagMeta: TagRow[];
}

export interface TagRow {
  name: string;
  category: string;
  order: number;
  notes: string;
  score: number;
}

export interface TermRow {
  expression: string;
  reading: string;
  definitionTags: string[];
  rules: string[];
  score: number;
  glossary: GlossaryItem[];
  sequence: number | null;
  termTags: string[];
}

export interface FreqData {
  reading?: string;
  value: number;
  display?: string;
}

export interface PitchData {
  reading: string;
  pitches: { position: number; nasal: number[]; devoice: number[]; tags: string[] }[];
}

export interface IpaData {
  reading: string;
  transcriptions: { ipa: string; tags: string[] }[];
}

export type TermMeta = { mode: 'freq'; data: FreqData } | { mode: 'pitch'; data: PitchData } | { mode: 'ipa'; data: IpaData };

export interface TermMetaRow {
  expression: string;
  meta: TermMeta;
}

export interface KanjiRow {
  character: string;
  onyomi: string[];
  kunyomi: string[];
  tags: string[];
  meanings: string[];
  stats: Record<string, string>;
}

export interface KanjiMetaRow {
  character: string;
  freq: FreqData;
}

export type BankKind = 'term' | 'term_meta' | 'kanji' | 'kanji_meta' | 'tag';

/** `term_bank_12.json` → term, 12; anything else → null. */
export function bankOf(name: string): { kind: BankKind; number: number } | null {
  const m = /^(term|term_meta|kanji|kanji_meta|tag)_bank_(\d+)\.json$/.exec(name);
  return m ? { kind: m[1] as BankKind, number: Number(m[2]) } : null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const words = (v: unknown): string[] => (typeof v === 'string' ? v.split(/\s+/).filter(Boolean) : []);
const numbers = (v: unknown): number[] => (typeof v === 'number' ? [v] : Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : []);

export function parseIndex(text: string | undefined): YomitanIndex {
  if (text === undefined) throw new DictionaryInputError('no_index', 'The zip has no index.json: it is not a Yomitan dictionary.');
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new DictionaryInputError('damaged_bank', 'The dictionary’s index.json is not valid JSON.');
  }
  if (!isRecord(raw) || typeof raw.title !== 'string' || !raw.title.trim() || typeof raw.revision !== 'string') {
    throw new DictionaryInputError('no_index', 'The zip’s index.json has no title and revision: it is not a Yomitan dictionary.');
  }
  const format = typeof raw.format === 'number' ? raw.format : typeof raw.version === 'number' ? raw.version : NaN;
  if (format > NEWEST_FORMAT) throw new DictionaryInputError('newer_format', `The dictionary is in Yomitan format ${format}; this app reads formats 1 to ${NEWEST_FORMAT}.`);
  if (format !== 1 && format !== 2 && format !== 3) throw new DictionaryInputError('no_index', 'The zip’s index.json states no Yomitan format.');
  const tagMeta: TagRow[] = isRecord(raw.tagMeta)
    ? Object.entries(raw.tagMeta).flatMap(([name, t]) =>
        isRecord(t) ? [{ name, category: str(t.category) ?? '', order: typeof t.order === 'number' ? t.order : 0, notes: str(t.notes) ?? '', score: typeof t.score === 'number' ? t.score : 0 }] : [],
      )
    : [];
  const out: YomitanIndex = { title: raw.title.trim().slice(0, 200), revision: raw.revision.slice(0, 100), format, sequenced: raw.sequenced === true, tagMeta };
  for (const k of ['author', 'url', 'description', 'attribution', 'sourceLanguage', 'targetLanguage', 'frequencyMode'] as const) {
    const v = str(raw[k]);
    if (v) out[k] = v.slice(0, 10_000);
  }
  return out;
}

export function damagedBank(name: string, why: string): DictionaryInputError {
  return new DictionaryInputError('damaged_bank', `The dictionary’s ${name} is damaged: ${why}. Nothing was changed.`);
}

function glossaryItem(item: unknown): GlossaryItem | null {
  if (typeof item === 'string') return { kind: 'text', text: item };
  // Format 3's deinflection items ([uninflected, [rules]]): the word this form inflects.
  if (Array.isArray(item)) return typeof item[0] === 'string' ? { kind: 'text', text: `→ ${item[0]}` } : null;
  if (!isRecord(item)) return null;
  if (item.type === 'text' && typeof item.text === 'string') return { kind: 'text', text: item.text };
  if (item.type === 'structured-content') return { kind: 'rich', content: sanitizeContent(item.content) };
  if (item.type === 'image') return { kind: 'rich', content: sanitizeContent({ ...item, tag: 'img' }) };
  return null;
}

export function termRow(row: unknown, format: 1 | 2 | 3): TermRow | null {
  if (!Array.isArray(row) || typeof row[0] !== 'string' || !row[0]) return null;
  const [expression, reading, defTags, rules, score] = row as unknown[];
  const glossaryRaw = format === 1 ? row.slice(5) : row[5];
  if (!Array.isArray(glossaryRaw)) return null;
  const glossary = glossaryRaw.map(glossaryItem).filter((g): g is GlossaryItem => g !== null);
  return {
    expression: expression as string,
    reading: typeof reading === 'string' && reading ? reading : (expression as string),
    definitionTags: words(defTags),
    rules: words(rules),
    score: typeof score === 'number' && Number.isFinite(score) ? Math.round(score) : 0,
    glossary,
    sequence: format === 1 ? null : typeof row[6] === 'number' ? row[6] : null,
    termTags: format === 1 ? [] : words(row[7]),
  };
}

/** A `freq` value: a number, a string ("12345", "12345㋕"), or `{ value, displayValue }`. */
function frequency(v: unknown): FreqData | null {
  if (typeof v === 'number' && Number.isFinite(v)) return { value: v };
  if (typeof v === 'string') {
    const n = /-?\d+(\.\d+)?/.exec(v);
    return { value: n ? Number(n[0]) : 0, display: v.slice(0, 40) };
  }
  if (isRecord(v) && typeof v.value === 'number') {
    const display = str(v.displayValue);
    return display ? { value: v.value, display: display.slice(0, 40) } : { value: v.value };
  }
  return null;
}

function freqData(data: unknown): FreqData | null {
  if (isRecord(data) && 'frequency' in data) {
    const f = frequency(data.frequency);
    return f && typeof data.reading === 'string' ? { ...f, reading: data.reading } : f;
  }
  return frequency(data);
}

/** `unknown`: a meta kind this app does not read (skipped); null: a row that is not a meta row. */
export function termMetaRow(row: unknown): TermMetaRow | 'unknown' | null {
  if (!Array.isArray(row) || typeof row[0] !== 'string' || !row[0]) return null;
  const [expression, mode, data] = row as [string, unknown, unknown];
  if (mode === 'freq') {
    const f = freqData(data);
    return f ? { expression, meta: { mode: 'freq', data: f } } : null;
  }
  if (mode === 'pitch') {
    if (!isRecord(data) || typeof data.reading !== 'string' || !Array.isArray(data.pitches)) return null;
    const pitches = data.pitches.flatMap((p) =>
      isRecord(p) && typeof p.position === 'number' && Number.isInteger(p.position) && p.position >= 0
        ? [{ position: p.position, nasal: numbers(p.nasal), devoice: numbers(p.devoice), tags: Array.isArray(p.tags) ? p.tags.filter((t): t is string => typeof t === 'string') : [] }]
        : [],
    );
    return pitches.length ? { expression, meta: { mode: 'pitch', data: { reading: data.reading, pitches } } } : null;
  }
  if (mode === 'ipa') {
    if (!isRecord(data) || typeof data.reading !== 'string' || !Array.isArray(data.transcriptions)) return null;
    const transcriptions = data.transcriptions.flatMap((t) =>
      isRecord(t) && typeof t.ipa === 'string' ? [{ ipa: t.ipa, tags: Array.isArray(t.tags) ? t.tags.filter((x): x is string => typeof x === 'string') : [] }] : [],
    );
    return { expression, meta: { mode: 'ipa', data: { reading: data.reading, transcriptions } } };
  }
  // A meta kind of a later format: skipped, the rest of the bank still counts.
  return typeof mode === 'string' ? 'unknown' : null;
}

export function kanjiRow(row: unknown, format: 1 | 2 | 3): KanjiRow | null {
  if (!Array.isArray(row) || typeof row[0] !== 'string' || !row[0]) return null;
  const meaningsRaw = format === 1 ? row.slice(4) : row[4];
  const stats: Record<string, string> = {};
  if (format !== 1 && isRecord(row[5])) for (const [k, v] of Object.entries(row[5])) if (typeof v === 'string' || typeof v === 'number') stats[k] = String(v);
  return {
    character: row[0],
    onyomi: words(row[1]),
    kunyomi: words(row[2]),
    tags: words(row[3]),
    meanings: Array.isArray(meaningsRaw) ? meaningsRaw.filter((m): m is string => typeof m === 'string') : [],
    stats,
  };
}

export function kanjiMetaRow(row: unknown): KanjiMetaRow | null {
  if (!Array.isArray(row) || typeof row[0] !== 'string' || row[1] !== 'freq') return null;
  const f = freqData(row[2]);
  return f ? { character: row[0], freq: f } : null;
}

export function tagRow(row: unknown): TagRow | null {
  if (!Array.isArray(row) || typeof row[0] !== 'string') return null;
  return {
    name: row[0],
    category: str(row[1]) ?? '',
    order: typeof row[2] === 'number' ? row[2] : 0,
    notes: str(row[3]) ?? '',
    score: typeof row[4] === 'number' ? row[4] : 0,
  };
}

/** The plain text of a glossary: one string per text item, list item or block. */
export function glossaryLines(items: readonly GlossaryItem[]): string[] {
  return items.flatMap((g) => (g.kind === 'text' ? [g.text] : contentLines(g.content)));
}
