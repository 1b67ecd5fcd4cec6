/**
 * The word store through the contract on a real core (real SQLite file, real analyzer): the
 * fixed `words.*` methods, marks never overwritten by an import without asking, the push that
 * repaints every view, the store surviving a restart, and word lists with bad lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListImportReport, WordListPage, WordsChanged, WordsExport } from '../../../shared/contract/words';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';
import { loadConfig } from '../../../electron/core/config/config';
import { WordKnowledge } from '../../../electron/core/knowledge/wordKnowledge';
import { openDatabase } from '../../../electron/core/store/database';

let core: ReturnType<typeof makeTestCore>;
beforeAll(async () => {
  core = makeTestCore();
  await core.analyzer.ready();
}, 90_000);
afterAll(() => core.cleanupDir());

const status = (words: Array<{ term: string; reading: string }>) => callOk<Array<{ term: string; reading: string; status: string; source: string | null }>>(core, 'words.status', words);

describe('words.setStatus and words.status', () => {
  it('a word never seen is new with no source', async () => {
    expect(await status([{ term: '猫', reading: 'ねこ' }])).toEqual([{ term: '猫', reading: 'ねこ', status: 'new', source: null }]);
  });

  it('sets statuses as marks, answers in the order asked, and pushes the change once', async () => {
    const pushed: WordsChanged[] = [];
    const off = core.bus.subscribe((m) => m.event === 'words.changed' && pushed.push(m.payload as WordsChanged));
    try {
      const r = await callOk(core, 'words.setStatus', [
        { term: '猫', reading: 'ねこ', status: 'known' },
        { term: '食べる', reading: 'タベル', status: 'learning' },
      ]);
      expect(r).toEqual({ updated: 2 });
    } finally {
      off();
    }
    expect(pushed).toEqual([{ changed: [{ term: '猫', reading: 'ねこ', status: 'known' }, { term: '食べる', reading: 'たべる', status: 'learning' }] }]);
    expect(await status([{ term: '食べる', reading: 'たべる' }, { term: '犬', reading: 'いぬ' }, { term: '猫', reading: 'ねこ' }])).toEqual([
      { term: '食べる', reading: 'たべる', status: 'learning', source: 'mark' },
      { term: '犬', reading: 'いぬ', status: 'new', source: null },
      { term: '猫', reading: 'ねこ', status: 'known', source: 'mark' },
    ]);
    // The same status again changes nothing.
    expect(await callOk(core, 'words.setStatus', [{ term: '猫', reading: 'ねこ', status: 'known' }])).toEqual({ updated: 0 });
  });

  it('refuses a status that is none of the four, and nothing changes', async () => {
    expect((await callErr(core, 'words.setStatus', [{ term: '猫', reading: 'ねこ', status: 'famous' }])).code).toBe('bad_request');
    expect((await callErr(core, 'words.setStatus', [{ term: '', reading: 'ねこ', status: 'known' }])).code).toBe('bad_request');
    expect((await status([{ term: '猫', reading: 'ねこ' }]))[0]!.status).toBe('known');
  });
});

describe('words.importList', () => {
  it('keys each line by word identity (inflected forms, kana words, term<TAB>reading) and reports the lines that are no word', async () => {
    const text = ['食べた', 'ねこ', '走っている', '勉強\tべんきょう', 'hello', '', '12345', '本\tbook', '  泳ぐ  '].join('\n');
    const r = await callOk<{ added: number; unrecognized: string[] }>(core, 'words.importList', { text, status: 'known' });
    expect(Object.keys(r).sort()).toEqual(['added', 'unrecognized']);
    expect(r.unrecognized.sort()).toEqual(['12345', 'hello', '本\tbook'].sort());
    const got = await status([
      { term: '走る', reading: 'はしる' },
      { term: '勉強', reading: 'べんきょう' },
      { term: '泳ぐ', reading: 'およぐ' },
      { term: 'ねこ', reading: 'ねこ' },
      { term: '食べる', reading: 'たべる' },
    ]);
    expect(got.map((w) => `${w.term}:${w.status}:${w.source}`)).toEqual(['走る:known:list', '勉強:known:list', '泳ぐ:known:list', 'ねこ:known:list', '食べる:learning:mark']);
    // 食べる was marked learning by hand: the list left it so (4 added, not 5).
    expect(r.added).toBe(4);
  });

  it('reports a word marked by hand as a conflict, and overwrites it only when told to', async () => {
    const asked = await callOk<ListImportReport>(core, 'words.importListDetailed', { text: '食べる\n猫\tねこ', status: 'known' });
    expect(asked.conflicts).toEqual([{ term: '食べる', reading: 'たべる', status: 'learning', wanted: 'known' }]);
    expect(asked.unchanged).toBe(1);
    expect((await status([{ term: '食べる', reading: 'たべる' }]))[0]).toMatchObject({ status: 'learning', source: 'mark' });
    const told = await callOk<ListImportReport>(core, 'words.importListDetailed', { text: '食べる', status: 'known', overwriteMarks: true });
    expect(told).toMatchObject({ added: 1, conflicts: [] });
    expect((await status([{ term: '食べる', reading: 'たべる' }]))[0]).toMatchObject({ status: 'known', source: 'list' });
  });

  it('takes thousands of bad lines: each reported, the stored statuses intact', async () => {
    const before = await callOk<WordListPage>(core, 'words.list', {});
    const bad = Array.from({ length: 5000 }, (_, i) => `line ${i} is not a word`);
    const r = await callOk<{ added: number; unrecognized: string[] }>(core, 'words.importList', { text: [...bad, '読む'].join('\n'), status: 'learning' });
    expect(r.unrecognized).toHaveLength(5000);
    expect(r.unrecognized[4999]).toBe('line 4999 is not a word');
    expect(r.added).toBe(1);
    const after = await callOk<WordListPage>(core, 'words.list', {});
    expect(after.total).toBe(before.total + 1);
    expect(after.words.filter((w) => w.term !== '読む')).toEqual(before.words);
  }, 60_000);
});

describe('the word list and its export', () => {
  it('lists by status and text, most recent first, with counts', async () => {
    const page = await callOk<WordListPage>(core, 'words.list', { status: 'known' });
    expect(page.words.every((w) => w.status === 'known')).toBe(true);
    expect(page.counts.known).toBe(page.total);
    const found = await callOk<WordListPage>(core, 'words.list', { query: 'ネコ' });
    expect(found.words.map((w) => w.term).sort()).toEqual(['ねこ', '猫']);
  });

  it('exports CSV and a plain list the list import reads back', async () => {
    const csv = await callOk<WordsExport>(core, 'words.export', { format: 'csv' });
    expect(csv.filename).toMatch(/\.csv$/);
    expect(csv.text.split('\r\n')[0]).toBe('\uFEFFterm,reading,status,source,changed');
    expect(csv.text).toContain('猫,ねこ,known,mark,');
    const list = await callOk<WordsExport>(core, 'words.export', { format: 'list', status: 'known' });
    expect(list.text).toContain('猫\tねこ\n');
    expect(list.text).not.toContain('読む');
  });
});

describe('the store', () => {
  it('keeps the statuses in SQLite across a restart', () => {
    const { db } = openDatabase({ dir: loadConfig({ APP_DATA_DIR: core.config.appDataDir }).appDataDir });
    try {
      const again = new WordKnowledge(db);
      expect(again.statuses([{ term: '猫', reading: 'ねこ' }, { term: '犬', reading: 'いぬ' }])).toEqual(['known', 'new']);
      expect(again.changes(0).some((c) => c.term === '食べる' && c.status === 'known' && c.previous === 'learning')).toBe(true);
    } finally {
      db.close();
    }
  });
});
