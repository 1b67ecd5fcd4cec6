/**
 * A card starred in a book takes the illustration beside its paragraph as its picture, and the
 * Anki note carries it (`storeMediaFile`, the Picture field) through a fake AnkiConnect. A
 * picture the learner took off stays off (the card remembers it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookChapter, ImportedBook } from '../../../shared/contract/books';
import type { AnkiNotesSummary, CardPictureData } from '../../../shared/contract/cards';
import type { CardSource, StarResult } from '../../../shared/contract/review';
import { buildEpub, PNG_1x1 } from '../../support/books/epubBuilder';
import { b64, bookCalls } from '../../support/books/bookCalls';
import { startFakeAnkiConnect, type FakeAnkiConnect } from '../../fakes/ankiConnect';
import { callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let anki: FakeAnkiConnect;
let core: ReturnType<typeof makeTestCore>;
beforeAll(async () => {
  anki = await startFakeAnkiConnect();
  core = makeTestCore({ ANKICONNECT_URL: anki.url, EDGE_TTS_URL: 'ws://127.0.0.1:9/none' });
});
afterAll(async () => {
  core.cleanupDir();
  await anki.close();
});

const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const far = Array.from({ length: 5 }, (_, i) => `<p>離れた段落${i}。</p>`).join('');

describe('a picture from the book', () => {
  let book: ImportedBook;
  let chapter: BookChapter;
  const at = (text: string): CardSource => {
    const p = chapter.paragraphs.find((x) => x.text === text)!;
    return { bookId: book.id, chapterId: book.chapters[0]!.id, paragraphId: p.id, bookTitle: book.title, chapterTitle: chapter.title };
  };

  beforeAll(async () => {
    book = await bookCalls(() => core).importFile(
      'illustrated.epub',
      buildEpub({
        version: 3,
        title: '挿絵の本',
        author: '',
        chapters: [{ title: '一', body: `<p>猫が庭にいる。</p><p><img src="../images/cat.png"/></p><p>犬も来た。</p>${far}<p>鳥が鳴く。</p>` }],
        images: { 'cat.png': PNG_1x1 },
      }),
    );
    chapter = await callOk<BookChapter>(core, 'books.chapter', book.id, book.chapters[0]!.id);
  });

  it('a card starred beside an illustration takes it; one far from any does not; a picture given wins', async () => {
    const cat = await callOk<StarResult>(core, 'review.star', { kind: 'word', word: '猫', sentence: '猫が庭にいる。', source: at('猫が庭にいる。') });
    expect(cat.hasPicture).toBe(true);
    expect(await callOk<CardPictureData | null>(core, 'cards.picture', cat.id)).toEqual({ mimeType: 'image/png', dataBase64: b64(PNG_1x1) });
    const sentence = await callOk<StarResult>(core, 'review.star', { kind: 'sentence', sentence: '犬も来た。', source: at('犬も来た。') });
    expect(sentence.hasPicture).toBe(true);

    const bird = await callOk<StarResult>(core, 'review.star', { kind: 'word', word: '鳥', sentence: '鳥が鳴く。', source: at('鳥が鳴く。') });
    expect(bird.hasPicture).toBeFalsy();
    expect(await callOk(core, 'cards.picture', bird.id)).toBeNull();

    const given = await callOk<StarResult>(core, 'review.star', { kind: 'word', word: '庭', sentence: '猫が庭にいる。', source: at('猫が庭にいる。'), picture: { mimeType: 'image/jpeg', dataBase64: b64(JPEG) } });
    expect(await callOk<CardPictureData | null>(core, 'cards.picture', given.id)).toEqual({ mimeType: 'image/jpeg', dataBase64: b64(JPEG) });

    // A paragraph of another book (or none) is no picture and no failure.
    const lost = await callOk<StarResult>(core, 'review.star', { kind: 'word', word: '庭', reading: 'にわ', sentence: '庭だ。', source: { ...at('犬も来た。'), bookId: book.id + 100 } });
    expect(lost.id).toBe(given.id);
  });

  it('the Anki note carries the illustration as its Picture, stored as media', async () => {
    const summary = await callOk<AnkiNotesSummary>(core, 'anki.export', { deck: 'Books', scope: { kind: 'all' } });
    expect(summary.failed).toEqual([]);
    const note = anki.notes.find((n) => n.fields.Expression === '猫')!;
    const file = /^<img src="(yomimono-card-\d+\.png)">$/.exec(note.fields.Picture!)![1]!;
    expect(anki.media.get(file)).toEqual(Buffer.from(PNG_1x1));
    expect(anki.requests.some((r) => r.action === 'storeMediaFile' && (r.params as { filename?: string }).filename === file)).toBe(true);
    expect(anki.notes.find((n) => n.fields.Expression === '鳥')!.fields.Picture).toBe('');
  });

  it('the learner can take the picture off a card, the rest of it kept', async () => {
    const cat = (await callOk<{ cards: Array<{ id: number; word: string }> }>(core, 'cards.browse', { query: '猫' })).cards.find((c) => c.word === '猫')!;
    const edited = await callOk<StarResult>(core, 'cards.update', cat.id, { notes: 'no picture', removePicture: true });
    expect(edited).toMatchObject({ notes: 'no picture', word: '猫' });
    expect(edited.hasPicture).toBeFalsy();
    expect(await callOk(core, 'cards.picture', cat.id)).toBeNull();
  });

  it('a picture taken off stays off when the word is starred again beside the illustration; one the learner gives still goes on', async () => {
    const cat = (await callOk<{ cards: Array<{ id: number; word: string }> }>(core, 'cards.browse', { query: '猫' })).cards.find((c) => c.word === '猫')!;
    const again = await callOk<StarResult>(core, 'review.star', { kind: 'word', word: '猫', sentence: '猫が庭にいる。', source: at('猫が庭にいる。') });
    expect(again).toMatchObject({ id: cat.id, existed: true });
    expect(again.hasPicture).toBeFalsy();
    expect(await callOk(core, 'cards.picture', cat.id)).toBeNull();

    const given = await callOk<StarResult>(core, 'review.star', { kind: 'word', word: '猫', sentence: '猫が庭にいる。', source: at('猫が庭にいる。'), picture: { mimeType: 'image/jpeg', dataBase64: b64(JPEG) } });
    expect(given).toMatchObject({ id: cat.id, hasPicture: true });
    expect(await callOk<CardPictureData | null>(core, 'cards.picture', cat.id)).toEqual({ mimeType: 'image/jpeg', dataBase64: b64(JPEG) });
    // Taken off once more, then starred from the book: still the learner's choice.
    await callOk(core, 'cards.update', cat.id, { removePicture: true });
    await callOk(core, 'review.star', { kind: 'word', word: '猫', sentence: '猫が庭にいる。', source: at('猫が庭にいる。') });
    expect(await callOk(core, 'cards.picture', cat.id)).toBeNull();
  });
});
