/**
 * Word statuses from Anki through the fake AnkiConnect (a real HTTP server speaking the
 * add-on's findCards/cardsInfo), on a real core: intervals past the threshold are known, furigana
 * and HTML reduced to the word, suspended cards as chosen, a re-import updating rather than
 * duplicating, marks left alone, and the coded errors (Anki not running, nothing found, no such
 * field, Anki gone mid-import) with the store intact.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiImportReport, WordImportProgress, WordListPage } from '../../../shared/contract/words';
import { startFakeAnkiConnect, type FakeAnkiConnect } from '../../fakes/ankiConnect';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let anki: FakeAnkiConnect;
let core: ReturnType<typeof makeTestCore>;
beforeAll(async () => {
  anki = await startFakeAnkiConnect();
  core = makeTestCore({ ANKICONNECT_URL: anki.url });
  await core.analyzer.ready();
  const mining = (Word: string, cards: Array<{ interval?: number; queue?: number }>, tags: string[] = []) =>
    anki.addStudied({ deckName: 'Mining', modelName: 'Vocab', fields: { Word, Meaning: '-' }, tags, cards });
  mining('食[た]べる', [{ interval: 30 }]);
  mining(' 飲[の]む', [{ interval: 3 }]);
  mining('<b>猫</b>', [{ interval: 100 }, { interval: 2 }]);
  mining('走った', [{ interval: 0 }]);
  mining('泳[およ]ぐ', [{ interval: 400, queue: -1 }]);
  mining('<div>[sound:x.mp3]</div>', [{ interval: 50 }]);
  mining('猫[ねこ]', [{ interval: 1 }]); // the same word again: the better note wins
  anki.addStudied({ deckName: 'Other', modelName: 'Basic', fields: { Front: '犬', Back: 'dog' }, cards: [{ interval: 90 }] });
}, 90_000);
afterAll(async () => {
  core.cleanupDir();
  await anki.close();
});

const statusOf = async (term: string, reading: string) => (await callOk<Array<{ status: string; source: string | null }>>(core, 'words.status', [{ term, reading }]))[0];

describe('words.importAnki', () => {
  it('imports the words of a search: interval ≥ threshold known, others learning, suspended skipped', async () => {
    const progress: WordImportProgress[] = [];
    const off = core.bus.subscribe((m) => m.event === 'words.importProgress' && progress.push(m.payload as WordImportProgress));
    let r;
    try {
      r = await callOk(core, 'words.importAnki', { query: 'deck:Mining', field: 'Word' });
    } finally {
      off();
    }
    // known: 食べる, 猫; learning: 飲む, 走る; skipped: 泳ぐ (suspended), the sound-only note.
    expect(r).toEqual({ known: 2, learning: 2, skipped: 2 });
    expect(await statusOf('食べる', 'たべる')).toEqual({ term: '食べる', reading: 'たべる', status: 'known', source: 'anki' });
    expect((await statusOf('飲む', 'のむ'))!.status).toBe('learning');
    expect((await statusOf('猫', 'ねこ'))!.status).toBe('known');
    expect((await statusOf('走る', 'はしる'))!.status).toBe('learning');
    expect((await statusOf('泳ぐ', 'およぐ'))!.status).toBe('new');
    expect((await statusOf('犬', 'いぬ'))!.status).toBe('new');
    expect(progress.at(-1)).toMatchObject({ kind: 'anki', phase: 'done' });
    expect(anki.requests.map((q) => q.action)).toEqual(expect.arrayContaining(['findCards', 'cardsInfo']));
  });

  it('a re-import updates the same words (a longer threshold, suspended as learning), never duplicates', async () => {
    const before = (await callOk<WordListPage>(core, 'words.list', {})).total;
    const r = await callOk<AnkiImportReport>(core, 'words.importAnkiDetailed', { query: 'deck:Mining', field: 'Word', knownAfterDays: 60, suspended: 'learning' });
    expect(r).toMatchObject({ known: 1, learning: 4, skipped: 1, notes: 7 });
    expect((await statusOf('食べる', 'たべる'))!.status).toBe('learning');
    expect((await statusOf('泳ぐ', 'およぐ'))!.status).toBe('learning');
    expect((await callOk<WordListPage>(core, 'words.list', {})).total).toBe(before + 1);
  });

  it('leaves a word marked by hand as it is and reports it, unless told to overwrite', async () => {
    await callOk(core, 'words.setStatus', [{ term: '猫', reading: 'ねこ', status: 'ignored' }]);
    const r = await callOk<AnkiImportReport>(core, 'words.importAnkiDetailed', { query: 'deck:Mining', field: 'Word' });
    expect(r.conflicts).toEqual([{ term: '猫', reading: 'ねこ', status: 'ignored', wanted: 'known' }]);
    expect(await statusOf('猫', 'ねこ')).toMatchObject({ status: 'ignored', source: 'mark' });
    await callOk(core, 'words.importAnkiDetailed', { query: 'deck:Mining', field: 'Word', overwriteMarks: true });
    expect(await statusOf('猫', 'ねこ')).toMatchObject({ status: 'known', source: 'anki' });
  });

  it('the threshold is inclusive: an interval of exactly the threshold is known, a day less learning', async () => {
    anki.addStudied({ deckName: 'Edge', modelName: 'Vocab', fields: { Word: '書[か]く', Meaning: '' }, cards: [{ interval: 21 }] });
    anki.addStudied({ deckName: 'Edge', modelName: 'Vocab', fields: { Word: '話[はな]す', Meaning: '' }, cards: [{ interval: 20 }] });
    expect(await callOk(core, 'words.importAnki', { query: 'deck:Edge', field: 'Word' })).toEqual({ known: 1, learning: 1, skipped: 0 });
    expect((await statusOf('書く', 'かく'))!.status).toBe('known');
    expect((await statusOf('話す', 'はなす'))!.status).toBe('learning');
  });

  it('lists the fields of a search for the learner to pick', async () => {
    expect(await callOk(core, 'words.ankiFields', { query: 'deck:Mining' })).toEqual({ cards: 8, fields: ['Word', 'Meaning'] });
  });
});

describe('words.importAnki, notes that hold no word', () => {
  it('random kanji, a sentence, made-up katakana and English are reported as not words, as a word list reports them; the words beside them are imported', async () => {
    const NOISE = ['猫犬鳥馬', '猫が魚を食べた。', 'ブラペリモス', 'apple', '鳥[とり]', '<b>馬</b>'];
    for (const Word of NOISE) anki.addStudied({ deckName: 'Noise', modelName: 'Vocab', fields: { Word, Meaning: '' }, cards: [{ interval: 30 }] });
    const before = (await callOk<WordListPage>(core, 'words.list', {})).total;
    const r = await callOk<AnkiImportReport>(core, 'words.importAnkiDetailed', { query: 'deck:Noise', field: 'Word' });
    expect(r).toMatchObject({ known: 2, learning: 0, notWords: 4, skipped: 4, notes: 6 });
    expect([...r.unrecognized].sort()).toEqual(['apple', 'ブラペリモス', '猫が魚を食べた。', '猫犬鳥馬'].sort());
    // Only the two words were stored.
    expect((await callOk<WordListPage>(core, 'words.list', {})).total).toBe(before + 2);
    expect((await statusOf('鳥', 'とり'))!.status).toBe('known');
    expect((await statusOf('馬', 'うま'))!.status).toBe('known');
    // The word list's import says the same of the same words.
    const list = await callOk<{ unrecognized: string[] }>(core, 'words.importListDetailed', { text: ['猫犬鳥馬', '猫が魚を食べた。', 'ブラペリモス', 'apple', '鳥\tとり', '馬'].join('\n'), status: 'known' });
    expect([...list.unrecognized].sort()).toEqual([...r.unrecognized].sort());
  });
});

describe('words.importAnki, bad input', () => {
  const snapshot = async () => (await callOk<WordListPage>(core, 'words.list', { limit: 1000 })).words;

  it('a search that matches nothing: anki_no_notes, nothing changed', async () => {
    const before = await snapshot();
    expect((await callErr(core, 'words.importAnki', { query: 'deck:Nowhere', field: 'Word' })).code).toBe('anki_no_notes');
    expect(await snapshot()).toEqual(before);
  });

  it('a field the notes do not have: anki_no_field naming the fields they have, nothing changed', async () => {
    const before = await snapshot();
    const e = await callErr(core, 'words.importAnki', { query: 'deck:Mining', field: 'Expression' });
    expect(e.code).toBe('anki_no_field');
    expect(e.details).toMatchObject({ field: 'Expression', fields: ['Word', 'Meaning'] });
    expect(await snapshot()).toEqual(before);
  });

  it('Anki not running: anki_unavailable', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const saved = core.config.ankiConnectUrl;
    core.config.ankiConnectUrl = `http://127.0.0.1:${port}`;
    try {
      expect((await callErr(core, 'words.importAnki', { query: 'deck:Mining', field: 'Word' })).code).toBe('anki_unavailable');
    } finally {
      core.config.ankiConnectUrl = saved;
    }
  });

  it('Anki gone mid-import: anki_unavailable, and nothing of the import is saved', async () => {
    const many = await startFakeAnkiConnect();
    for (let i = 0; i < 1200; i++) many.addStudied({ deckName: 'Big', fields: { Front: `言葉${i}`, Back: '' }, cards: [{ interval: 40 }] });
    many.addStudied({ deckName: 'Big', fields: { Front: '歩く', Back: '' }, cards: [{ interval: 40 }] });
    many.goAwayOn('cardsInfo', 2);
    const saved = core.config.ankiConnectUrl;
    core.config.ankiConnectUrl = many.url;
    const before = await snapshot();
    try {
      expect((await callErr(core, 'words.importAnki', { query: 'deck:Big', field: 'Front' })).code).toBe('anki_unavailable');
    } finally {
      core.config.ankiConnectUrl = saved;
      await many.close();
    }
    expect(await snapshot()).toEqual(before);
    expect((await statusOf('歩く', 'あるく'))!.status).toBe('new');
  });
});
