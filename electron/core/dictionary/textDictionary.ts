/**
 * EDRDG's older text formats, one record a line, as Debian's `edict` and `kanjidic`
 * packages ship them (EUC-JP; a UTF-8 copy is read as well):
 *   EDICT   今日 [きょう] /(n-t) today/this day/(P)/   (EDICT2: 食べる;喰べる [たべる] /(v1,vt) (1) to eat/…/EntL1358280X/)
 *   KANJIDIC 亜 3021 U4e9c B1 C7 G8 S7 … F1509 J1 … ア つ.ぐ T1 や つぎ {Asia} {rank next}
 */
import type { DictionarySense } from '../../../shared/contract/dictionary';
import { EDICT_COMMON_SCORE } from './priority';
import type { KanjiRecord, RecordSink, WordForm, WordRecord } from './records';
import { isPosCode, TAG_NAMES } from './tagNames';
import { TextBudget } from './textCaps';

export type TextFormat = 'edict' | 'kanjidic';

/** Feeds decoded text chunks, line by line, to the parser of `format`. */
export async function parseDictionaryText(chunks: AsyncIterable<string>, format: TextFormat, sink: RecordSink, budget = new TextBudget()): Promise<void> {
  sink.kind(format === 'edict' ? 'words' : 'kanji');
  const parseLine = format === 'edict' ? edictLine : kanjidicLine;
  let rest = '';
  let first = true;
  const take = (line: string) => {
    if (first) {
      first = false;
      const date = /(\d{4}-\d\d-\d\d)/.exec(line);
      if (date?.[1] && /EDICT|KANJIDIC/.test(line)) {
        sink.edition(date[1]);
        return;
      }
    }
    if (!line.trim() || line.startsWith('#')) return;
    // A line is one entry: capped like an XML entry (textCaps.ts).
    budget.entry(line.length);
    parseLine(line, sink);
  };
  for await (const chunk of chunks) {
    budget.read(chunk.length);
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    // A file with no line breaks is refused before it is gathered into one string.
    if (rest.length > budget.caps.entryChars) budget.entry(rest.length);
    for (const l of lines) take(l.replace(/\r$/, ''));
  }
  if (rest) take(rest);
}

const GROUP = /^\(([^()]*)\)\s*/;

function forms(list: string): WordForm[] {
  return list
    .split(';')
    .map((f) => {
      const common = /\(P\)/.test(f);
      return { text: f.replace(/\([^)]*\)/g, '').trim(), score: common ? EDICT_COMMON_SCORE : 0 };
    })
    .filter((f) => f.text);
}

function emptySense(): DictionarySense {
  return { pos: [], glosses: [], misc: [], posCodes: [], miscCodes: [], field: [], dialect: [], info: [], lang: 'eng' };
}

/** One EDICT line → one entry; a line that does not parse is skipped (EDICT has a few odd ones). */
export function edictLine(line: string, sink: Pick<RecordSink, 'word'>): void {
  const slash = line.indexOf(' /');
  if (slash < 0) return;
  const head = line.slice(0, slash).trim();
  const bracket = /^(.*?)\s*\[(.*)\]$/.exec(head);
  const kanji = bracket ? forms(bracket[1] ?? '') : [];
  const readings = bracket ? forms(bracket[2] ?? '') : forms(head);
  const entry: WordRecord = { kanji, readings, common: [...kanji, ...readings].some((f) => f.score > 0), senses: [] };
  let sense: DictionarySense | null = null;
  for (const rawField of line.slice(slash + 2).split('/')) {
    let field = rawField.trim();
    if (!field) continue;
    const entl = /^EntL(\d+)X?$/.exec(field);
    if (entl) {
      entry.id = Number(entl[1]);
      continue;
    }
    if (field === '(P)') {
      entry.common = true;
      continue;
    }
    const tags: string[] = [];
    let numbered = false;
    for (let m = GROUP.exec(field); m; m = GROUP.exec(field)) {
      const inner = m[1] ?? '';
      if (/^\d+$/.test(inner)) numbered = true;
      else if (/^[\w-]+(,[\w-]+)*$/.test(inner)) tags.push(...inner.split(','));
      else break; // "(something)" that is part of the gloss
      field = field.slice(m[0].length);
    }
    if (!sense || numbered) {
      // A new numbered sense takes the parts of speech of the one before when it names none (as in JMdict).
      const prev: DictionarySense | null = sense;
      sense = emptySense();
      entry.senses.push(sense);
      if (prev && !tags.some(isPosCode)) {
        sense.posCodes = [...prev.posCodes];
        sense.pos = [...prev.pos];
      }
    }
    for (const t of tags) {
      const name = TAG_NAMES[t] ?? t;
      if (isPosCode(t)) {
        if (!sense.posCodes.includes(t)) {
          sense.posCodes.push(t);
          sense.pos.push(name);
        }
      } else if (!sense.miscCodes.includes(t)) {
        sense.miscCodes.push(t);
        sense.misc.push(name);
      }
    }
    if (field) sense.glosses.push(field);
  }
  entry.senses = entry.senses.filter((s) => s.glosses.length > 0);
  // Old EDICT marks (P) once per line, not per form: each form of the line is then common.
  if (entry.common && ![...kanji, ...readings].some((f) => f.score > 0)) for (const f of [...kanji, ...readings]) f.score = EDICT_COMMON_SCORE;
  if (entry.readings.length > 0 && entry.senses.length > 0) sink.word(entry);
}

const KATAKANA = /^[\u30a0-\u30ff.-]+$/;
const HIRAGANA = /^[\u3040-\u309f.-]+$/;

/** One KANJIDIC line → one kanji. */
export function kanjidicLine(line: string, sink: Pick<RecordSink, 'kanji'>): void {
  const meanings = [...line.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] ?? '').filter(Boolean);
  const fields = line.replace(/\{[^}]*\}/g, ' ').trim().split(/\s+/);
  const literal = fields[0];
  if (!literal || !/^[0-9A-Fa-f]{4}$/.test(fields[1] ?? '')) return;
  const k: KanjiRecord = { literal, on: [], kun: [], nanori: [], meanings, strokes: null, grade: null, freq: null, jlpt: null };
  let section = 0; // 0 readings, 1 nanori (after T1), 2 radical names (after T2)
  for (const f of fields.slice(2)) {
    if (f === 'T1' || f === 'T2') {
      section = f === 'T1' ? 1 : 2;
      continue;
    }
    const code = /^([A-Z])(\d+)$/.exec(f);
    if (code) {
      const n = Number(code[2]);
      if (code[1] === 'G') k.grade = n;
      else if (code[1] === 'S') k.strokes ??= n;
      else if (code[1] === 'F') k.freq = n;
      else if (code[1] === 'J') k.jlpt = n;
      continue;
    }
    if (section === 1) {
      if (HIRAGANA.test(f) || KATAKANA.test(f)) k.nanori.push(f);
    } else if (section === 0) {
      if (KATAKANA.test(f)) k.on.push(f);
      else if (HIRAGANA.test(f)) k.kun.push(f);
    }
  }
  sink.kanji(k);
}
