/** Review cards through the contract, and their export: CSV, and Anki (the one path, `anki.export`) through a fake AnkiConnect. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvExport, DueList, GradeResult, ReviewCard, ReviewStats } from '../../../shared/contract/review';
import type { SpeakResult } from '../../../shared/contract/reader';
import type { AnkiNotesSummary } from '../../../shared/contract/cards';
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
    expect(csv.content.startsWith('\uFEFFkind,word,reading,form,meaning,part_of_speech,explanation,sentence,sentence_marked,translation,source,notes,pitch,frequency,jlpt,')).toBe(true);
    // The word card's sentence with the word marked, and its part of speech from the dictionary sense.
    expect(csv.content).toContain('<b>猫</b>が好きです。');
    expect(csv.content).toContain('"I like cats, ""really""."');
    const one = await callOk<CsvExport>(core, 'export.csv', { cardIds: [wordCard.id] });
    expect(one.rows).toBe(1);
  });
});

describe('a card from a book carries its source into the CSV', () => {
  it('source column', async () => {
    const source = { bookId: 1, chapterId: 2, paragraphId: 3, bookTitle: '吾輩は猫である', chapterTitle: '一' };
    const card = await callOk<ReviewCard>(core, 'review.star', { kind: 'sentence', sentence: '名前はまだ無い。', source });
    expect(card.source).toEqual(source);
    // Starring it again from elsewhere keeps where it came from.
    expect((await callOk<ReviewCard>(core, 'review.star', { kind: 'sentence', sentence: '名前はまだ無い。' })).source).toEqual(source);
    expect((await callErr(core, 'review.star', { kind: 'sentence', sentence: 'x', source: { ...source, bookId: 0 } })).code).toBe('bad_request');
    const csv = await callOk<CsvExport>(core, 'export.csv', { cardIds: [card.id] });
    expect(csv.content).toContain('「吾輩は猫である」 一');
  });
});

describe('Anki: one export path (anki.export), the old one gone', () => {
  it('export.anki is no method any more', async () => {
    expect((await callErr(core, 'export.anki', { deck: 'Yomimono' })).code).toBe('unknown_method');
  });

  it('a reply that does not stop is cut at its limit with a clear error, and the connection let go', async () => {
    anki.floodAction('deckNames');
    const before = anki.notes.length;
    const error = await callErr(core, 'anki.export', { deck: 'Yomimono', scope: { kind: 'all' } });
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
      const error = await callErr(core, 'anki.export', { deck: 'Yomimono' });
      expect(error.code).toBe('anki_unavailable');
      expect(error.message).toMatch(/Anki is not reachable at http:\/\/127\.0\.0\.1:\d+ \(connection refused: Anki is not running\)/);
      expect(error.message).toMatch(/AnkiConnect add-on/);
    } finally {
      core.config.ankiConnectUrl = saved;
    }
  });
});

describe('Anki notes synthesize audio that is not cached yet (fake Edge TTS)', () => {
  const deck = 'Audio';
  const exportCards = (cardIds: number[]) => callOk<AnkiNotesSummary>(core, 'anki.export', { deck, scope: { kind: 'selected', cardIds } });

  it('a card without cached audio gets it from Edge TTS, stored in Anki and cached for next time', async () => {
    const audioSentence = '鳥が空を飛ぶ。';
    const card = await callOk<ReviewCard>(core, 'review.star', { kind: 'sentence', sentence: audioSentence });
    const synthesizedBefore = edge.received.ssml.length;
    const result = await exportCards([card.id]);
    expect(result).toMatchObject({ added: 1, withSentenceAudio: 1, missingAudio: 0, failed: [] });
    expect(edge.received.ssml.slice(synthesizedBefore).map((r) => r.body)).toEqual([audioSentence]);
    const note = anki.notes.at(-1)!;
    const sound = /\[sound:(yomimono-[0-9a-f]+\.mp3)\]/.exec(note.fields.SentenceAudio!)![1]!;
    expect(anki.media.get(sound)).toEqual(Buffer.from('fake mp3 audio'));
    // Now cached: speaking it again needs no synthesis.
    expect((await callOk<SpeakResult>(core, 'tts.speak', { text: audioSentence })).cached).toBe(true);
    expect(edge.received.ssml.length).toBe(synthesizedBefore + 1);
  });

  it('a word card and its sentence card sharing a sentence: the sentence synthesized once, both with audio', async () => {
    const shared = '雨の日は本を読む。';
    const word = await callOk<ReviewCard>(core, 'review.star', { kind: 'word', word: '雨', reading: 'あめ', sentence: shared });
    const sentence = await callOk<ReviewCard>(core, 'review.star', { kind: 'sentence', sentence: shared });
    const before = edge.received.ssml.length;
    const result = await exportCards([word.id, sentence.id]);
    expect(result).toMatchObject({ added: 2, withWordAudio: 1, withSentenceAudio: 2, missingAudio: 0 });
    expect(edge.received.ssml.slice(before).map((r) => r.body).sort()).toEqual([shared, '雨'].sort());
  });

  it('a TTS failure still exports the card, without audio, and counts it; the TTS down, the rest go without asking it', async () => {
    const cards = [];
    for (const [w, s] of [['魚', '魚が泳ぐ。'], ['馬', '馬が走る。'], ['牛', '牛が寝る。'], ['羊', '羊が食べる。']] as const) {
      cards.push(await callOk<ReviewCard>(core, 'review.star', { kind: 'word', word: w, sentence: s }));
    }
    edge.configure({ failWhen: () => true });
    const before = edge.received.ssml.length;
    try {
      const result = await exportCards(cards.map((c) => c.id));
      expect(result).toMatchObject({ added: 4, withWordAudio: 0, withSentenceAudio: 0, missingAudio: 4, failed: [] });
    } finally {
      edge.configure({ failWhen: undefined });
    }
    // 8 texts; after a few failures in a row the export stops asking.
    expect(edge.received.ssml.length - before).toBeLessThan(8);
    const note = anki.notes.find((n) => n.fields.Expression === '魚')!;
    expect(note.fields.SentenceAudio).toBe('');
    expect(note.fields.Sentence).toBe('<b>魚</b>が泳ぐ。');
  });
});
