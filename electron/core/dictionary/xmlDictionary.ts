/**
 * Streaming parse of EDRDG's XML files with saxes: JMdict (JMdict_e, or the full JMdict
 * with other gloss languages) and KANJIDIC2. The file is fed in chunks; nothing keeps
 * more than the entry being read.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { DictionarySense } from '../../../shared/contract/dictionary';
import { parseDtdEntities } from './dtdEntities';
import { DictionaryInputError } from './errors';
import { isCommon, priorityScore } from './priority';
import type { KanjiRecord, RecordSink, WordForm, WordRecord } from './records';
import { TextBudget } from './textCaps';

export interface XmlOptions {
  /** Gloss languages kept (ISO 639-2); default English only. A gloss without xml:lang is English. */
  langs?: readonly string[];
  /** Counts the expanded text (textCaps.ts); a fresh one with the default caps when absent. */
  budget?: TextBudget;
}

/** An entity reference in the body becomes its code between these marks, so the code survives. */
const MARK = '\u0001';
// eslint-disable-next-line no-control-regex -- the mark is a control character on purpose: it never occurs in the text
const MARKED = /\u0001([^\u0001]*)\u0001/g;

interface Handler {
  open(tag: SaxesTagPlain): void;
  close(name: string, text: string): void;
}

export async function parseDictionaryXml(chunks: AsyncIterable<string>, sink: RecordSink, opts: XmlOptions = {}): Promise<void> {
  const parser = new SaxesParser({ xmlns: false });
  let entities = new Map<string, string>();
  let failure: Error | null = null;
  let handler: Handler | null = null;
  let rootClosed = false;
  let text = '';
  /** `text`'s length once its entity references are expanded: counted before anything expands them. */
  let textChars = 0;
  let comment: string | null = null;
  const budget = opts.budget ?? new TextBudget();

  const readable = (code: string) => entities.get(code) ?? code;
  const resolveText = (s: string) => s.replace(MARKED, (_m, code: string) => readable(code));
  const codesOf = (s: string) => [...s.matchAll(MARKED)].map((m) => m[1] ?? '').filter(Boolean);
  // saxes appends a reference's replacement whole, so a text event never splits a mark.
  const expandedLength = (s: string) => {
    if (!s.includes(MARK)) return s.length;
    let n = s.length;
    for (const m of s.matchAll(MARKED)) n += readable(m[1] ?? '').length - m[0].length;
    return n;
  };

  parser.on('doctype', (doctype) => {
    try {
      entities = parseDtdEntities(doctype);
      for (const name of entities.keys()) parser.ENTITIES[name] = MARK + name + MARK;
    } catch (e) {
      failure ??= e as Error;
    }
  });
  parser.on('comment', (c) => {
    comment ??= c;
  });
  parser.on('opentag', (tag) => {
    if (failure) return;
    text = '';
    textChars = 0;
    if (!handler) {
      if (tag.name === 'JMdict') {
        sink.kind('words');
        const created = comment ? /created:\s*(\d{4}-\d\d-\d\d)/.exec(comment) : null;
        if (created?.[1]) sink.edition(created[1]);
        handler = jmdictHandler(sink, { resolveText, codesOf, readable }, opts.langs ?? ['eng']);
      } else if (tag.name === 'kanjidic2') {
        sink.kind('kanji');
        handler = kanjidicHandler(sink);
      } else {
        failure = new DictionaryInputError('not_dictionary', `This is not a JMdict or KANJIDIC2 file (its root element is <${tag.name}>).`);
      }
      return;
    }
    handler.open(tag as SaxesTagPlain);
  });
  parser.on('text', (t) => {
    if (failure) return;
    try {
      textChars += expandedLength(t);
      budget.growing(textChars);
      text += t;
    } catch (e) {
      failure ??= e as Error;
    }
  });
  parser.on('closetag', (tag) => {
    if (failure || !handler) return;
    if (tag.name === 'JMdict' || tag.name === 'kanjidic2') {
      rootClosed = true;
      return;
    }
    try {
      budget.element(textChars);
      if (tag.name === 'entry' || tag.name === 'character') budget.endEntry();
      handler.close(tag.name, text);
    } catch (e) {
      failure ??= e as Error;
    }
    text = '';
    textChars = 0;
  });
  parser.on('error', (e) => {
    failure ??= /undefined entity/.test(e.message)
      ? new DictionaryInputError('malformed', `The XML uses an entity its DOCTYPE does not declare (${e.message}).`)
      : new DictionaryInputError('malformed', `The XML is malformed: ${e.message}`);
  });

  for await (const chunk of chunks) {
    budget.read(chunk.length);
    parser.write(chunk);
    if (failure) throw failure;
  }
  if (!handler) throw new DictionaryInputError('not_dictionary', 'This is not a JMdict or KANJIDIC2 file.');
  if (!rootClosed) throw new DictionaryInputError('truncated', 'The file ends before the dictionary does: it is truncated.');
  parser.close();
  if (failure) throw failure;
}

interface EntityTools {
  resolveText(s: string): string;
  codesOf(s: string): string[];
  readable(code: string): string;
}

function jmdictHandler(sink: RecordSink, ent: EntityTools, langs: readonly string[]): Handler {
  let entry: WordRecord | null = null;
  let form: { text: string; pri: string[] } | null = null;
  let sense: DictionarySense | null = null;
  let senseLangOk = false;
  let glossLang = 'eng';
  let lastPos: { pos: string[]; codes: string[] } = { pos: [], codes: [] };
  const keep = new Set(langs);

  const addCodes = (codes: string[], names: string[], text: string) => {
    for (const c of ent.codesOf(text)) {
      codes.push(c);
      names.push(ent.readable(c));
    }
  };

  return {
    open(tag) {
      switch (tag.name) {
        case 'entry':
          entry = { kanji: [], readings: [], common: false, senses: [] };
          lastPos = { pos: [], codes: [] };
          break;
        case 'k_ele':
        case 'r_ele':
          form = { text: '', pri: [] };
          break;
        case 'sense':
          sense = { pos: [], glosses: [], misc: [], posCodes: [], miscCodes: [], field: [], dialect: [], info: [], lang: 'eng' };
          senseLangOk = false;
          break;
        case 'gloss':
          glossLang = tag.attributes['xml:lang'] ?? 'eng';
          break;
      }
    },
    close(name, text) {
      if (!entry) return;
      switch (name) {
        case 'ent_seq':
          entry.id = Number(text.trim());
          break;
        case 'keb':
        case 'reb':
          if (form) form.text = text.trim();
          break;
        case 'ke_pri':
        case 're_pri':
          form?.pri.push(text.trim());
          break;
        case 'k_ele':
        case 'r_ele':
          if (form?.text) {
            const f: WordForm = { text: form.text, score: priorityScore(form.pri) };
            (name === 'k_ele' ? entry.kanji : entry.readings).push(f);
            if (isCommon(form.pri)) entry.common = true;
          }
          form = null;
          break;
        case 'pos':
          if (sense) addCodes(sense.posCodes, sense.pos, text);
          break;
        case 'misc':
          if (sense) addCodes(sense.miscCodes, sense.misc, text);
          break;
        case 'field':
          if (sense) sense.field.push(ent.resolveText(text));
          break;
        case 'dial':
          if (sense) sense.dialect.push(ent.resolveText(text));
          break;
        case 's_inf':
          sense?.info.push(ent.resolveText(text.trim()));
          break;
        case 'gloss':
          if (sense && keep.has(glossLang) && text.trim()) {
            sense.glosses.push(ent.resolveText(text.trim()));
            sense.lang = glossLang;
            senseLangOk = true;
          }
          break;
        case 'sense':
          if (sense) {
            // JMdict: a sense without <pos> has the parts of speech of the sense before it.
            if (sense.posCodes.length === 0) {
              sense.pos = [...lastPos.pos];
              sense.posCodes = [...lastPos.codes];
            } else lastPos = { pos: sense.pos, codes: sense.posCodes };
            if (senseLangOk) entry.senses.push(sense);
          }
          sense = null;
          break;
        case 'entry':
          if (entry.readings.length > 0 && entry.senses.length > 0) sink.word(entry);
          entry = null;
          break;
      }
    },
  };
}

function kanjidicHandler(sink: RecordSink): Handler {
  let k: KanjiRecord | null = null;
  let readingType = '';
  let meaningLang = 'en';
  const num = (s: string) => {
    const n = Number(s.trim());
    return Number.isFinite(n) && s.trim() !== '' ? n : null;
  };
  return {
    open(tag) {
      if (tag.name === 'character') k = { literal: '', on: [], kun: [], nanori: [], meanings: [], strokes: null, grade: null, freq: null, jlpt: null };
      else if (tag.name === 'reading') readingType = tag.attributes['r_type'] ?? '';
      else if (tag.name === 'meaning') meaningLang = tag.attributes['m_lang'] ?? 'en';
    },
    close(name, text) {
      if (!k) {
        if (name === 'date_of_creation' && text.trim()) sink.edition(text.trim());
        return;
      }
      switch (name) {
        case 'literal':
          k.literal = text.trim();
          break;
        case 'grade':
          k.grade = num(text);
          break;
        case 'stroke_count':
          // The first count is the accepted one; later ones are common miscounts.
          k.strokes ??= num(text);
          break;
        case 'freq':
          k.freq = num(text);
          break;
        case 'jlpt':
          k.jlpt = num(text);
          break;
        case 'reading':
          if (readingType === 'ja_on') k.on.push(text.trim());
          else if (readingType === 'ja_kun') k.kun.push(text.trim());
          break;
        case 'meaning':
          if (meaningLang === 'en') k.meanings.push(text.trim());
          break;
        case 'nanori':
          k.nanori.push(text.trim());
          break;
        case 'character':
          if (k.literal) sink.kanji(k);
          k = null;
          break;
      }
    },
  };
}
