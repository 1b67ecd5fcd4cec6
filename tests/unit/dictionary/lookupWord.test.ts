/** When a lookup asks the offline analyzer for the first word's dictionary form, and when it does not. */
import { describe, expect, it } from 'vitest';
import type { DictionaryEntry } from '../../../shared/contract/dictionary';
import type { Token } from '../../../shared/domain';
import type { ExtraTerm } from '../../../electron/core/dictionary/lookup';
import { lookupWord, type LookupWordDeps } from '../../../electron/core/dictionary/lookupWord';

const entry = (id: number, matched: string, term = matched): DictionaryEntry => ({ id, kanji: [], readings: [term], common: false, senses: [], matched, term, reasons: [], dictionary: 'JMdict', frequencies: [], pitches: [], jlpt: null });

/** A dictionary whose rule table finds `table` and, given the analyzer's form, `withExtra`. */
function deps(opts: { table: DictionaryEntry[]; entries?: number; tokens?: Token[] | Error; loaded?: boolean; queued?: number }) {
  const calls = { tokenize: [] as string[], extra: [] as (readonly ExtraTerm[] | undefined)[] };
  const d: LookupWordDeps = {
    dictionary: {
      lookup: (_text, _reading, extra) => {
        calls.extra.push(extra);
        return extra ? [entry(99, extra[0]!.matched, extra[0]!.term), ...opts.table] : opts.table;
      },
      status: () => ({ entries: opts.entries ?? 100 }),
    },
    analyzer: {
      tokenize: (text) => {
        calls.tokenize.push(text);
        return opts.tokens instanceof Error ? Promise.reject(opts.tokens) : Promise.resolve(opts.tokens ?? []);
      },
      stats: () => ({ loaded: opts.loaded ?? true, queued: opts.queued ?? 0 }),
    },
  };
  return { d, calls };
}

const irassharu: Token[] = [
  { word: 'いらっしゃい', pos: 'verb', furigana: 'いらっしゃい', lemma: 'いらっしゃる' },
  { word: 'ます', pos: 'auxiliary', furigana: 'ます', lemma: 'ます' },
];

describe('lookupWord', () => {
  it("adds the analyzer's dictionary form when the table's match is shorter than the first word", async () => {
    const { d, calls } = deps({ table: [entry(1, 'い')], tokens: irassharu });
    const found = await lookupWord(d, 'いらっしゃいます。今日は');
    expect(calls.tokenize).toEqual(['いらっしゃいます']);
    expect(calls.extra[1]).toEqual([{ term: 'いらっしゃる', matched: 'いらっしゃい' }]);
    expect(found.map((e) => e.id)).toEqual([99, 1]);
  });

  it("uses the caller's first word and lemma without asking the analyzer", async () => {
    const { d, calls } = deps({ table: [entry(1, 'い')], tokens: irassharu });
    const found = await lookupWord(d, 'いらっしゃいます', undefined, { word: 'いらっしゃい', lemma: 'いらっしゃる' });
    expect(calls.tokenize).toEqual([]);
    expect(found[0]).toMatchObject({ id: 99, term: 'いらっしゃる', matched: 'いらっしゃい' });
  });

  it('a caller whose first word is its own dictionary form spares the analyzer too', async () => {
    const { d, calls } = deps({ table: [entry(1, '大切')], tokens: [{ word: '大切', pos: 'adjective', furigana: 'たいせつ', lemma: '大切' }] });
    expect((await lookupWord(d, '大切な面接', undefined, { word: '大切', lemma: '大切' })).map((e) => e.id)).toEqual([1]);
    expect(calls.tokenize).toEqual([]);
    expect(calls.extra).toEqual([undefined]);
  });

  it('a caller whose analysis has no word starting there (a hover inside a word) gets the table without the analyzer', async () => {
    const { d, calls } = deps({ table: [entry(1, 'い')], tokens: irassharu });
    expect((await lookupWord(d, 'いらっしゃいます', undefined, null)).map((e) => e.id)).toEqual([1]);
    expect(calls.tokenize).toEqual([]);
  });

  it("asks the analyzer when the caller's first word is not where the text starts", async () => {
    const { d, calls } = deps({ table: [entry(1, 'い')], tokens: irassharu });
    await lookupWord(d, 'いらっしゃいます', undefined, { word: '食べ', lemma: '食べる' });
    expect(calls.tokenize).toHaveLength(1);
  });

  it('skips the analyzer when the table matched the whole scanned text', async () => {
    const { d, calls } = deps({ table: [entry(1, '食べられなかった', '食べる')], tokens: irassharu });
    const found = await lookupWord(d, '食べられなかった。それで');
    expect(calls.tokenize).toEqual([]);
    expect(found.map((e) => e.id)).toEqual([1]);
  });

  it('does not wait for the analyzer to load when the table found something', async () => {
    const { d, calls } = deps({ table: [entry(1, 'い')], tokens: irassharu, loaded: false });
    expect((await lookupWord(d, 'いらっしゃいます')).map((e) => e.id)).toEqual([1]);
    expect(calls.tokenize).toEqual([]);
  });

  it('does not queue behind a long analysis when the table found something', async () => {
    const { d, calls } = deps({ table: [entry(1, 'い')], tokens: irassharu, queued: 2 });
    expect((await lookupWord(d, 'いらっしゃいます')).map((e) => e.id)).toEqual([1]);
    expect(calls.tokenize).toEqual([]);
  });

  it('waits for the analyzer when the table found nothing', async () => {
    const { d, calls } = deps({ table: [], tokens: irassharu, loaded: false });
    expect((await lookupWord(d, 'いらっしゃいます')).map((e) => e.id)).toEqual([99]);
    expect(calls.tokenize).toHaveLength(1);
  });

  it('keeps the table match when it already covers the first word, or the word is its own lemma', async () => {
    const covered = deps({ table: [entry(1, 'いらっしゃい')], tokens: irassharu });
    expect((await lookupWord(covered.d, 'いらっしゃいます')).map((e) => e.id)).toEqual([1]);
    expect(covered.calls.extra).toEqual([undefined]);
    const same = deps({ table: [entry(1, '今')], tokens: [{ word: '今日', pos: 'noun', furigana: 'きょう', lemma: '今日' }] });
    expect((await lookupWord(same.d, '今日は')).map((e) => e.id)).toEqual([1]);
    expect(same.calls.extra).toEqual([undefined]);
  });

  it('answers from the table when the analyzer fails, and not at all without a dictionary', async () => {
    const failing = deps({ table: [entry(1, 'い')], tokens: new Error('worker died') });
    expect((await lookupWord(failing.d, 'いらっしゃいます')).map((e) => e.id)).toEqual([1]);
    const empty = deps({ table: [], entries: 0, tokens: irassharu });
    expect(await lookupWord(empty.d, 'いらっしゃいます')).toEqual([]);
    expect(empty.calls.tokenize).toEqual([]);
  });
});
