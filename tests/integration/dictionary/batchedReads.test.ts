/**
 * A lookup asks each dictionary for all its forms, its entries and their facts in one statement
 * (prefetch, prefetchEntries, prefetchMeta): on real SQLite files, what those statements leave in
 * the cache must be exactly what the one-form-at-a-time statements answer, order included (ties,
 * a form past the 40-hit limit, an entry listed twice under one form), and a whole lookup over
 * JMdict and a Yomitan dictionary must find the same entries in the same order as without them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DictionarySense } from '../../../shared/contract/dictionary';
import { DictionaryService } from '../../../electron/core/dictionary';
import { DictionaryReader, DictionaryWriter } from '../../../electron/core/dictionary/dictionaryStore';
import { lookup } from '../../../electron/core/dictionary/lookup';
import { mergedSources } from '../../../electron/core/dictionary/mergedSources';
import type { WordRecord } from '../../../electron/core/dictionary/records';
import { YomitanReader, YomitanWriter } from '../../../electron/core/dictionary/yomitan/yomitanStore';
import type { TermRow } from '../../../electron/core/dictionary/yomitan/yomitanFormat';
import { fullFixture, yomitanZip } from '../../support/dictionary/yomitanFixture';
import { makeTempDir } from '../../support/tempDir';

let tmp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  tmp = makeTempDir();
});
afterEach(() => tmp.cleanup());

const sense = (gloss: string, pos = 'v5k'): DictionarySense => ({ pos: [pos], posCodes: [pos], glosses: [gloss], misc: [], miscCodes: [], field: [], dialect: [], info: [], lang: 'eng' });

/**
 * Words written in an order unlike the lookup's (common, form score, entry score): 45 entries read し
 * (past the limit of 40), ties on every key, an entry whose written form is also its reading.
 */
function jmdictWords(): WordRecord[] {
  const words: WordRecord[] = [];
  for (let i = 0; i < 45; i++) {
    words.push({ id: 1000 + i, kanji: [{ text: `字${i}`, score: i % 3 }], readings: [{ text: 'し', score: (i * 7) % 5 }], common: i % 4 === 0, senses: [sense(`shi ${i}`, 'n')] });
  }
  for (let i = 0; i < 12; i++) {
    // Ties: the same common flag and scores for several entries of か.
    words.push({ id: 2000 + i, kanji: [{ text: `可${i}`, score: 0 }], readings: [{ text: 'か', score: i < 6 ? 0 : 10 }], common: i % 2 === 1, senses: [sense(`ka ${i}`, 'prt')] });
  }
  words.push({ id: 3000, kanji: [{ text: 'いく', score: 5 }], readings: [{ text: 'いく', score: 3 }], common: true, senses: [sense('to go')] });
  words.push({ id: 3001, kanji: [{ text: '行く', score: 20 }], readings: [{ text: 'いく', score: 20 }, { text: 'ゆく', score: 0 }], common: true, senses: [sense('to go')] });
  words.push({ id: 3002, kanji: [{ text: '逝く', score: 0 }], readings: [{ text: 'いく', score: 0 }], common: false, senses: [sense('to die')] });
  words.push({ id: 3003, kanji: [{ text: '食べる', score: 30 }], readings: [{ text: 'たべる', score: 30 }], common: true, senses: [sense('to eat', 'v1')] });
  words.push({ id: 3004, kanji: [], readings: [{ text: 'コーヒー', score: 10 }], common: true, senses: [sense('coffee', 'n')] });
  // Words that are prefixes of one another (しかし, しか, し): a lookup asks for several forms that are there.
  words.push({ id: 3005, kanji: [{ text: '然し', score: 10 }], readings: [{ text: 'しかし', score: 10 }], common: true, senses: [sense('however', 'conj')] });
  words.push({ id: 3006, kanji: [{ text: '鹿', score: 0 }], readings: [{ text: 'しか', score: 0 }], common: false, senses: [sense('deer', 'n')] });
  words.push({ id: 3007, kanji: [{ text: '菓子', score: 5 }], readings: [{ text: 'かし', score: 5 }], common: true, senses: [sense('sweets', 'n')] });
  words.push({ id: 3008, kanji: [{ text: '幾つ', score: 5 }], readings: [{ text: 'いくつ', score: 5 }], common: true, senses: [sense('how many', 'adv')] });
  return words;
}

function writeJmdict(file: string): void {
  const w = new DictionaryWriter(file);
  for (const word of jmdictWords()) w.word(word);
  w.finish({ importedAt: '2026-01-01T00:00:00Z' });
}

const FORMS = ['し', 'か', 'いく', '行く', 'ゆく', '逝く', '食べる', 'たべる', 'コーヒー', '字3', '可7', 'ない', '行', ''];

describe('JMdict file: batched reads', () => {
  it('prefetch leaves exactly the hits the one-form statement answers, in its order', () => {
    const file = path.join(tmp.dir, 'dictionary.db');
    writeJmdict(file);
    const single = new DictionaryReader(file);
    const batched = new DictionaryReader(file);
    try {
      const expected = FORMS.map((f) => single.hits(f));
      // The statement past the limit keeps 40 of the 45 entries read し.
      expect(expected[0]).toHaveLength(40);
      batched.prefetch(FORMS);
      // Closed: every answer below must come from what prefetch read.
      const entryIds = [...new Set(expected.flat().map((h) => h.entryId))];
      batched.prefetchEntries(entryIds);
      batched.close();
      expect(FORMS.map((f) => batched.hits(f))).toEqual(expected);
      expect(entryIds.map((id) => batched.entry(id))).toEqual(entryIds.map((id) => single.entry(id)));
    } finally {
      single.close();
      batched.close();
    }
  });
});

function term(expression: string, reading: string, score: number, tags: string[] = []): TermRow {
  return { expression, reading, definitionTags: tags, rules: ['v5'], score, glossary: [{ kind: 'text', text: `${expression} ${score}` }], sequence: null, termTags: [] };
}

describe('Yomitan file: batched reads', () => {
  it('prefetch, prefetchEntries and prefetchMeta leave exactly what the one-at-a-time statements answer', () => {
    const file = path.join(tmp.dir, 'y.db');
    const w = new YomitanWriter(file);
    // 44 terms read か (past the limit), two terms for 行く, meta rows in several modes per text.
    for (let i = 0; i < 44; i++) w.term(term(`蚊${i}`, 'か', i % 3, i % 5 === 0 ? ['P'] : []));
    w.term(term('行く', 'いく', 10, ['P']));
    w.term(term('行く', 'ゆく', 2));
    w.term(term('食べる', 'たべる', 5));
    w.termMeta({ expression: '行く', meta: { mode: 'freq', data: { value: 120, reading: 'いく' } } });
    w.termMeta({ expression: '行く', meta: { mode: 'pitch', data: { reading: 'いく', pitches: [{ position: 0, nasal: [], devoice: [], tags: [] }] } } });
    w.termMeta({ expression: '行く', meta: { mode: 'freq', data: { value: 900, reading: 'ゆく' } } });
    w.termMeta({ expression: '食べる', meta: { mode: 'freq', data: { value: 300 } } });
    w.finish({ title: 'T', revision: '1', format: '3' });
    const single = new YomitanReader(file);
    const batched = new YomitanReader(file);
    const forms = ['か', '行く', 'いく', 'ゆく', '食べる', 'たべる', '蚊3', 'ない', ''];
    const texts = ['行く', '食べる', 'たべる', 'か', 'ない'];
    try {
      const expected = forms.map((f) => single.hits(f));
      expect(expected[0]).toHaveLength(40);
      const ids = [...new Set(expected.flat().map((h) => h.entryId))];
      const meta = texts.map((t) => single.termMeta(t));
      expect(meta[0]!.map((m) => m.mode)).toEqual(['freq', 'pitch', 'freq']);
      batched.prefetch(forms);
      batched.prefetchEntries(ids);
      batched.prefetchMeta(texts);
      batched.close();
      expect(forms.map((f) => batched.hits(f))).toEqual(expected);
      expect(ids.map((id) => batched.entry(id))).toEqual(ids.map((id) => single.entry(id)));
      expect(texts.map((t) => batched.termMeta(t))).toEqual(meta);
    } finally {
      single.close();
      batched.close();
    }
  });
});

describe('a whole lookup', () => {
  it('finds the same entries in the same order with the batched reads as with one statement per form and entry', async () => {
    const dict = new DictionaryService({ dir: tmp.dir, downloadBase: 'http://127.0.0.1:9' });
    try {
      writeJmdict(path.join(tmp.dir, 'dictionary.db'));
      await dict.importBuffer('test.zip', Buffer.from(yomitanZip(fullFixture())));
      const texts = ['食べられなかった', '行った', 'いくつか', 'しかし', 'かしこまりました', 'コーヒーを飲む', '字3は', 'ゆかない', '食べる'];
      const found = texts.map((t) => dict.lookup(t));
      expect(found.filter((f) => f.length > 0).length).toBeGreaterThan(5);
      dict.close();

      // The same files through readers stripped of the batched reads.
      const jm = new DictionaryReader(path.join(tmp.dir, 'dictionary.db'));
      const yFile = fs.readdirSync(path.join(tmp.dir, 'dictionaries')).find((f) => f.endsWith('.db'))!;
      const y = new YomitanReader(path.join(tmp.dir, 'dictionaries', yFile));
      try {
        const plain = (r: DictionaryReader | YomitanReader) => ({ hits: (f: string) => r.hits(f), entry: (id: number) => r.entry(id) });
        const source = mergedSources([
          { id: 'jmdict', title: 'JMdict', reader: plain(jm) },
          { id: yFile.replace(/\.db$/, ''), title: y.info.title, reader: plain(y) },
        ]);
        const strip = (entries: readonly { id: number; matched: string; term: string; reasons: readonly string[] }[]) => entries.map((e) => [e.id, e.matched, e.term, e.reasons.join('>')]);
        expect(found.map(strip)).toEqual(texts.map((t) => strip(lookup(source, t))));
      } finally {
        jm.close();
        y.close();
      }
    } finally {
      dict.close();
    }
  });
});
