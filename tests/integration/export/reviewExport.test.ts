/** Review cards through the contract, and their export: CSV, and Anki through a fake AnkiConnect. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnkiExportResult, CsvExport, DueList, GradeResult, ReviewCard, ReviewStats } from '../../../shared/contract/review';
import type { SpeakResult } from '../../../shared/contract/reader';
import { ANKI_FIELDS } from '../../../electron/core/export/ankiExport';
import { startFakeAnkiConnect, type FakeAnkiConnect } from '../../fakes/ankiConnect';
import { startFakeEdgeTts, type FakeEdgeTts } from '../../fakes/edgeTts';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let anki: FakeAnkiConnect;
let edge: FakeEdgeTts;
let core: ReturnType<typeof makeTestCore>;

beforeAll(async () => {
  anki = await startFakeAnkiConnect();
  edge = await startFakeEdgeTts({ audio: Buffer.from('fake mp3 audio') });
  core = makeTestCore({ ANKICONNECT_URL: anki.url, EDGE_TTS_URL: edge.url });
});
afterAll(async () => {
  core.cleanupDir();
  await anki.close();
  await edge.close();
});

const SENTENCE = '猫が好きです。';
let wordCard: ReviewCard;
let sentenceCard: ReviewCard;

describe('review through the contract', () => {
  it('stars a word and a sentence; validates what a card needs', async () => {
    wordCard = await callOk<ReviewCard>(core, 'review.star', { kind: 'word', word: '猫', reading: 'ねこ', meaning: 'cat', sentence: SENTENCE, translation: 'I like cats.' });
    sentenceCard = await callOk<ReviewCard>(core, 'review.star', { kind: 'sentence', sentence: `  ${SENTENCE} `, translation: 'I like cats, "really".' });
    expect(sentenceCard.sentence).toBe(SENTENCE);
    expect(await callOk(core, 'review.isStarred', { kind: 'word', word: '猫' })).toMatchObject({ starred: true, cardId: wordCard.id, since: wordCard.createdAt, state: 'new' });
    expect(await callOk(core, 'review.isStarred', { kind: 'word', word: '犬' })).toEqual({ starred: false });
    expect((await callErr(core, 'review.star', { kind: 'word', sentence: SENTENCE })).code).toBe('bad_request');
    expect((await callErr(core, 'review.star', { kind: 'sentence', sentence: '  ' })).code).toBe('bad_request');
    expect((await callErr(core, 'review.grade', wordCard.id, 5)).code).toBe('bad_request');
  });

  it('lists due cards with their intervals and records grades', async () => {
    const due = await callOk<DueList>(core, 'review.due');
    expect(due.dueCount).toBe(2);
    expect(Object.keys(due.cards[0]!.intervals)).toEqual(['1', '2', '3', '4']);
    const graded = await callOk<GradeResult>(core, 'review.grade', wordCard.id, 3);
    expect(graded.card.state).toBe('learning');
    expect(graded.stats.today.reviewed).toBe(1);
    const stats = await callOk<ReviewStats>(core, 'review.stats');
    expect(stats).toMatchObject({ total: 2, streak: 1, dueNow: 1 });
    expect((await callErr(core, 'review.grade', 999, 3)).code).toBe('not_found');
  });
});

describe('CSV export', () => {
  it('every card, quoted, with a BOM', async () => {
    const csv = await callOk<CsvExport>(core, 'export.csv');
    expect(csv.rows).toBe(2);
    expect(csv.content.startsWith('\uFEFFkind,word,reading,meaning,sentence,translation')).toBe(true);
    expect(csv.content).toContain('"I like cats, ""really""."');
    const one = await callOk<CsvExport>(core, 'export.csv', { cardIds: [wordCard.id] });
    expect(one.rows).toBe(1);
  });
});

describe('Anki export (fake AnkiConnect)', () => {
  it('creates the deck and note type, adds a note per card with the cached audio', async () => {
    const spoken = await callOk<SpeakResult>(core, 'tts.speak', { text: SENTENCE });
    const result = await callOk<AnkiExportResult>(core, 'export.anki', { deck: 'Japanese::Yomimono' });
    expect(result).toEqual({ deck: 'Japanese::Yomimono', model: 'Yomimono', added: 2, duplicates: 0, withAudio: 2, missingAudio: 0, failed: [] });
    expect(anki.requests.every((r) => r.version === 6)).toBe(true);
    expect(anki.requests.map((r) => r.action).slice(0, 5)).toEqual(['version', 'deckNames', 'createDeck', 'modelNames', 'createModel']);
    expect(anki.decks.has('Japanese::Yomimono')).toBe(true);
    expect(anki.models.get('Yomimono')).toEqual(['Front', 'Sentence', 'Reading', 'Meaning', 'Translation', 'Audio', 'Source']);
    const [w, s] = anki.notes;
    expect(w!.fields).toMatchObject({ Front: '猫', Sentence: SENTENCE, Reading: 'ねこ', Meaning: 'cat', Translation: 'I like cats.' });
    expect(s!.fields.Front).toBe(SENTENCE);
    expect(w!.tags).toEqual(['yomimono', 'word']);
    const sound = /\[sound:(yomimono-[0-9a-f]+\.mp3)\]/.exec(w!.fields.Audio!)![1]!;
    expect(anki.media.get(sound)).toEqual(Buffer.from(spoken.audio, 'base64'));
  });

  it('a second export finds duplicates and adds nothing; an existing note type is reused', async () => {
    const before = anki.requests.length;
    const result = await callOk<AnkiExportResult>(core, 'export.anki', { deck: 'Japanese::Yomimono' });
    expect(result).toMatchObject({ added: 0, duplicates: 2, failed: [] });
    const actions = anki.requests.slice(before).map((r) => r.action);
    expect(actions).not.toContain('createModel');
    expect(actions).not.toContain('createDeck');
    expect(actions).toContain('modelFieldNames');
  });

  it('a note Anki refuses is reported per card; the others still go in', async () => {
    await callOk(core, 'review.star', { kind: 'word', word: '犬', sentence: '犬もいます。' });
    anki.failAction('addNote', 'collection is not available');
    const result = await callOk<AnkiExportResult>(core, 'export.anki', { deck: 'Japanese::Yomimono' });
    expect(result.failed).toEqual([{ cardId: wordCard.id, message: 'Anki: collection is not available' }]);
    // 犬's audio was not cached: it was synthesized for the note that went in.
    expect(result).toMatchObject({ added: 1, duplicates: 1, withAudio: 1, missingAudio: 0 });
  });

  it('a note type named Yomimono without our fields is reported, not changed', async () => {
    anki.models.set('Yomimono', ['Front', 'Back']);
    const error = await callErr(core, 'export.anki', {});
    expect(error.message).toMatch(/has no field Sentence, Reading, Meaning, Translation, Audio/);
    expect(anki.models.get('Yomimono')).toEqual(['Front', 'Back']);
    anki.models.set('Yomimono', ['Front', 'Sentence', 'Reading', 'Meaning', 'Translation', 'Audio']);
  });

  it('a card starred from a book carries its source into the CSV and the Anki note', async () => {
    const source = { bookId: 1, chapterId: 2, paragraphId: 3, bookTitle: '吾輩は猫である', chapterTitle: '一' };
    const card = await callOk<ReviewCard>(core, 'review.star', { kind: 'sentence', sentence: '名前はまだ無い。', source });
    expect(card.source).toEqual(source);
    // Starring it again from elsewhere keeps where it came from.
    expect((await callOk<ReviewCard>(core, 'review.star', { kind: 'sentence', sentence: '名前はまだ無い。' })).source).toEqual(source);
    expect((await callErr(core, 'review.star', { kind: 'sentence', sentence: 'x', source: { ...source, bookId: 0 } })).code).toBe('bad_request');
    const csv = await callOk<CsvExport>(core, 'export.csv', { cardIds: [card.id] });
    expect(csv.content.split('\r\n')[0]).toMatch(/,source$/);
    expect(csv.content).toContain('「吾輩は猫である」 一');
    anki.models.set('Yomimono', [...ANKI_FIELDS]);
    await callOk<AnkiExportResult>(core, 'export.anki', { deck: 'Books', cardIds: [card.id] });
    expect(anki.notes.at(-1)!.fields).toMatchObject({ Front: '名前はまだ無い。', Source: '「吾輩は猫である」 一' });
  });

  it('a note type made by an older version gets the Source field and its line on the card back; an add-on that cannot add fields is said to leave it out', async () => {
    const source = { bookId: 1, chapterId: 2, paragraphId: 3, bookTitle: '吾輩は猫である', chapterTitle: '二' };
    // As an older version made it: no Source field, a back the learner has edited.
    const oldBack = '{{FrontSide}}<hr id="answer">\n<div class="small">{{Sentence}}</div>\n<div>{{Meaning}}</div><p>my own line</p>';
    anki.models.set('Yomimono', ['Front', 'Sentence', 'Reading', 'Meaning', 'Translation', 'Audio']);
    anki.templates.set('Yomimono', { Recognition: { Front: '<div class="jp">{{Front}}</div>', Back: oldBack } });
    await callOk(core, 'review.star', { kind: 'sentence', sentence: 'どこで生れたか。', source });
    const before = anki.requests.length;
    const older = await callOk<AnkiExportResult>(core, 'export.anki', { deck: 'Books' });
    expect(older.failed).toEqual([]);
    expect(older.fieldsLeftOut).toBeUndefined();
    expect(anki.requests.slice(before).map((r) => r.action)).toEqual(expect.arrayContaining(['modelFieldAdd', 'modelTemplates', 'updateModelTemplates']));
    expect(anki.models.get('Yomimono')).toEqual([...ANKI_FIELDS]);
    expect(anki.templates.get('Yomimono')!.Recognition).toEqual({ Front: '<div class="jp">{{Front}}</div>', Back: `${oldBack}\n<div class="small">{{Source}}</div>` });
    expect(anki.notes.at(-1)!.fields).toMatchObject({ Front: 'どこで生れたか。', Source: '「吾輩は猫である」 二' });

    // Once updated, the next export changes nothing in the note type.
    await callOk(core, 'review.star', { kind: 'sentence', sentence: '何でも薄暗い所。', source });
    const next = anki.requests.length;
    await callOk<AnkiExportResult>(core, 'export.anki', { deck: 'Books' });
    expect(anki.requests.slice(next).map((r) => r.action)).not.toContain('modelFieldAdd');
    expect(anki.requests.slice(next).map((r) => r.action)).not.toContain('updateModelTemplates');

    // An add-on without modelFieldAdd: the notes still go in, and the result names the field left out.
    anki.models.set('Yomimono', ['Front', 'Sentence', 'Reading', 'Meaning', 'Translation', 'Audio']);
    anki.failAction('modelFieldAdd', 'unsupported action');
    await callOk(core, 'review.star', { kind: 'sentence', sentence: 'ニャーニャー泣いていた。', source });
    const old = await callOk<AnkiExportResult>(core, 'export.anki', { deck: 'Books' });
    expect(old).toMatchObject({ added: 1, failed: [], fieldsLeftOut: ['Source'] });
    expect(anki.notes.at(-1)!.fields.Source).toBeUndefined();
    anki.models.set('Yomimono', [...ANKI_FIELDS]);
  });

  it('a reply that does not stop is cut at its limit with a clear error, and the connection let go', async () => {
    anki.floodAction('deckNames');
    const before = anki.notes.length;
    const error = await callErr(core, 'export.anki', {});
    expect(error).toMatchObject({ code: 'upstream_error', message: "AnkiConnect's reply to deckNames is larger than 16 MiB; it was not read. Check that " + anki.url + ' is AnkiConnect.' });
    const report = await anki.floods.at(-1)!;
    expect(report.cutByClient).toBe(true);
    expect(report.sent).toBeLessThan(64 * 2 ** 20);
    expect(anki.notes.length).toBe(before);
  });

  it('Anki not running: connection refused is anki_unavailable with a clear message', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const saved = core.config.ankiConnectUrl;
    core.config.ankiConnectUrl = `http://127.0.0.1:${port}`;
    try {
      const error = await callErr(core, 'export.anki', {});
      expect(error.code).toBe('anki_unavailable');
      expect(error.message).toMatch(/Anki is not reachable at http:\/\/127\.0\.0\.1:\d+ \(connection refused: Anki is not running\)/);
      expect(error.message).toMatch(/AnkiConnect add-on/);
    } finally {
      core.config.ankiConnectUrl = saved;
    }
  });
});

describe('Anki export synthesizes audio that is not cached yet (fake Edge TTS)', () => {
  const audioSentence = '鳥が空を飛ぶ。';
  const failSentence = '魚が泳ぐ。';
  const deck = 'Audio';

  it('a card without cached audio gets it from Edge TTS, attached and cached for next time', async () => {
    const card = await callOk<ReviewCard>(core, 'review.star', { kind: 'word', word: '鳥', sentence: audioSentence });
    const synthesizedBefore = edge.received.ssml.length;
    const result = await callOk<AnkiExportResult>(core, 'export.anki', { deck, cardIds: [card.id] });
    expect(result).toMatchObject({ added: 1, withAudio: 1, missingAudio: 0, failed: [] });
    const spokenNow = edge.received.ssml.slice(synthesizedBefore).map((r) => r.body);
    expect(spokenNow).toEqual([audioSentence]);
    const note = anki.notes.find((n) => n.fields.Front === '鳥')!;
    const sound = /\[sound:(yomimono-[0-9a-f]+\.mp3)\]/.exec(note.fields.Audio!)![1]!;
    expect(anki.media.get(sound)).toEqual(Buffer.from('fake mp3 audio'));
    // Now cached: speaking it again needs no synthesis.
    expect((await callOk<SpeakResult>(core, 'tts.speak', { text: audioSentence })).cached).toBe(true);
    expect(edge.received.ssml.length).toBe(synthesizedBefore + 1);
  });

  it('a word card and its sentence card sharing a sentence: synthesized once, both with audio', async () => {
    const shared = '雨の日は本を読む。';
    const word = await callOk<ReviewCard>(core, 'review.star', { kind: 'word', word: '雨', sentence: shared });
    const sentence = await callOk<ReviewCard>(core, 'review.star', { kind: 'sentence', sentence: shared });
    const before = edge.received.ssml.length;
    const result = await callOk<AnkiExportResult>(core, 'export.anki', { deck, cardIds: [word.id, sentence.id] });
    expect(result).toMatchObject({ added: 2, withAudio: 2, missingAudio: 0 });
    expect(edge.received.ssml.slice(before).map((r) => r.body)).toEqual([shared]);
  });

  it('a TTS failure still exports the card, without audio, and counts it', async () => {
    const card = await callOk<ReviewCard>(core, 'review.star', { kind: 'word', word: '魚', sentence: failSentence });
    edge.configure({ rejectConnection: 503 });
    try {
      const result = await callOk<AnkiExportResult>(core, 'export.anki', { deck, cardIds: [card.id] });
      expect(result).toMatchObject({ added: 1, withAudio: 0, missingAudio: 1, failed: [] });
    } finally {
      edge.configure({ rejectConnection: undefined });
    }
    const note = anki.notes.find((n) => n.fields.Front === '魚')!;
    expect(note.fields.Audio).toBe('');
    expect(note.fields.Sentence).toBe(failSentence);
  });
});
