/** Starring a word with no model answer (no key): the card and the Anki note get the dictionary's meaning. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictionaryEntry } from '../../../shared/contract/dictionary';
import type { ReviewCard } from '../../../shared/contract/review';
import type { AnkiNotesSummary } from '../../../shared/contract/cards';
import { startFakeAnkiConnect, type FakeAnkiConnect } from '../../fakes/ankiConnect';
import { callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let anki: FakeAnkiConnect;
let core: ReturnType<typeof makeTestCore>;
beforeAll(async () => {
  anki = await startFakeAnkiConnect();
  core = makeTestCore({ ANKICONNECT_URL: anki.url, EDGE_TTS_URL: 'ws://127.0.0.1:9/none' });
  const dataBase64 = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'JMdict_sample.xml')).toString('base64');
  await callOk(core, 'dictionary.import', { name: 'JMdict_e', dataBase64 });
});
afterAll(async () => {
  core.cleanupDir();
  await anki.close();
});

describe('dictionary meaning on starred words', () => {
  it('fills an empty meaning from the dictionary, keeps a given one', async () => {
    const card = await callOk<ReviewCard>(core, 'review.star', { kind: 'word', word: '食べる', reading: 'たべる', sentence: 'パンを食べる。' });
    // The best entry's first sense, unless the learner picked another.
    expect(card.meaning).toBe('to eat');
    expect(card.sense).toEqual({ entryId: 1358280, index: 0 });
    const given = await callOk<ReviewCard>(core, 'review.star', { kind: 'word', word: '橋', reading: 'はし', meaning: '桥', sentence: '橋を渡る。' });
    expect(given.meaning).toBe('桥');
    const unknown = await callOk<ReviewCard>(core, 'review.star', { kind: 'word', word: 'ぬぬぬ', sentence: 'ぬぬぬ。' });
    expect(unknown.meaning).toBe('');
  });

  it('the Anki note carries that meaning', async () => {
    const result = await callOk<AnkiNotesSummary>(core, 'anki.export', { deck: 'Yomimono' });
    expect(result.added).toBe(3);
    expect(anki.notes.find((n) => n.fields.Expression === '食べる')?.fields.MainDefinition).toBe('to eat');
  });

  it('dictionary.lookup over the contract answers in the fixed shape', async () => {
    const [first] = await callOk<DictionaryEntry[]>(core, 'dictionary.lookup', '食べられなかった');
    expect(first).toMatchObject({ id: 1358280, kanji: ['食べる', '喰べる'], readings: ['たべる'], common: true });
    expect(first?.senses.map((s) => Object.keys(s))).toEqual([expect.arrayContaining(['pos', 'glosses', 'misc']), expect.arrayContaining(['pos', 'glosses', 'misc'])]);
  });
});
