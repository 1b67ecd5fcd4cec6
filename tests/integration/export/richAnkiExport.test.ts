/**
 * Rich Anki notes through a fake AnkiConnect and a fake Edge TTS: the app's note type made once
 * and upgraded, mapping onto an existing note type, duplicates skipped, added or updated, word and
 * sentence audio stored as media, the picture, every failure named, pitch through the word-facts seam.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnkiNotesSummary, AnkiNoteType } from '../../../shared/contract/cards';
import type { ReviewCard, StarResult } from '../../../shared/contract/review';
import { APP_NOTE_TYPE, NOTE_FIELDS } from '../../../electron/core/export/appNoteType';
import { startFakeAnkiConnect, type FakeAnkiConnect } from '../../fakes/ankiConnect';
import { startFakeEdgeTts, type FakeEdgeTts } from '../../fakes/edgeTts';
import { callErr, callOk } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

let anki: FakeAnkiConnect;
let edge: FakeEdgeTts;
let core: ReturnType<typeof makeTestCore>;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  edge = await startFakeEdgeTts({ audio: Buffer.from('fake mp3 audio') });
});
afterAll(async () => {
  await edge.close();
});
beforeEach(async () => {
  anki = await startFakeAnkiConnect();
  core = makeTestCore({ ANKICONNECT_URL: anki.url, EDGE_TTS_URL: edge.url });
});
afterEach(async () => {
  core.cleanupDir();
  await anki.close();
});

const star = (word: string, sentence: string, more: Record<string, unknown> = {}) => callOk<StarResult>(core, 'review.star', { kind: 'word', word, sentence, ...more });
const exportNotes = (opts: Record<string, unknown> = {}) => callOk<AnkiNotesSummary>(core, 'anki.export', { deck: 'Mining', ...opts });
const calls = (action: string) => anki.requests.filter((r) => r.action === action).length;

describe('rich Anki notes', () => {
  it('the first export makes the note type; a note has the word, the marked sentence, furigana and both audios stored as media', async () => {
    const pic = { mimeType: 'image/png', dataBase64: PNG.toString('base64') };
    await star('泣いていた', '子供が泣いていた。', { meaning: 'to cry', translation: 'The child was crying.', picture: pic, sourceLabel: '子供が泣いていた。' });
    const progress: number[] = [];
    const off = core.bus.subscribe((m) => {
      if (m.event === 'cards.ankiProgress') progress.push((m.payload as { done: number }).done);
    });
    const summary = await exportNotes();
    expect(summary).toMatchObject({ deck: 'Mining', model: APP_NOTE_TYPE, total: 1, added: 1, withWordAudio: 1, withSentenceAudio: 1, noteTypeCreated: true, failed: [] });
    expect(anki.models.get(APP_NOTE_TYPE)).toEqual([...NOTE_FIELDS]);
    const note = anki.notes[0]!;
    expect(note.fields).toMatchObject({
      Expression: '泣く',
      ExpressionReading: 'なく',
      ExpressionFurigana: '泣[な]く',
      MainDefinition: 'to cry',
      Sentence: '子供が<b>泣いていた</b>。',
      SentenceTranslation: 'The child was crying.',
      Source: '子供が泣いていた。',
    });
    expect(note.fields.SentenceFurigana).toContain('<b>泣[な]いていた</b>');
    expect(note.fields.ExpressionAudio).toMatch(/^\[sound:yomimono-[0-9a-f]+\.mp3\]$/);
    expect(note.fields.SentenceAudio).toMatch(/^\[sound:yomimono-[0-9a-f]+\.mp3\]$/);
    expect(note.fields.ExpressionAudio).not.toBe(note.fields.SentenceAudio);
    expect(note.fields.Picture).toMatch(/^<img src="yomimono-card-\d+\.png">$/);
    expect(anki.media.size).toBe(3);
    expect([...anki.media.values()]).toContainEqual(PNG);
    // Pitch, frequency and JLPT are empty without the word-facts seam.
    expect(note.fields.PitchGraph).toBe('');
    off();
    expect(progress).toEqual([1]);

    // Another export: the note type is made once, and nothing new goes ("since the last export").
    await star('食べさせられた', '野菜を食べさせられた。');
    const second = await exportNotes();
    expect(second).toMatchObject({ total: 1, added: 1, noteTypeCreated: false });
    expect(calls('createModel')).toBe(1);
    expect(anki.notes.map((n) => n.fields.Expression)).toEqual(['泣く', '食べる']);
  });

  it('a note type made by an older version gains the fields it lacks, shown on the back', async () => {
    anki.models.set(APP_NOTE_TYPE, ['Expression', 'ExpressionReading', 'MainDefinition', 'Sentence']);
    anki.templates.set(APP_NOTE_TYPE, { Recognition: { Front: '{{Expression}}', Back: '{{MainDefinition}}' } });
    await star('猫', '猫がいる。');
    const summary = await exportNotes();
    expect(summary.fieldsAdded).toEqual(NOTE_FIELDS.filter((f) => !['Expression', 'ExpressionReading', 'MainDefinition', 'Sentence'].includes(f)));
    expect(anki.models.get(APP_NOTE_TYPE)).toEqual(expect.arrayContaining([...NOTE_FIELDS]));
    expect(anki.templates.get(APP_NOTE_TYPE)!.Recognition!.Back).toContain('{{Explanation}}');
    expect(summary.added).toBe(1);
    expect(calls('createModel')).toBe(0);
  });

  it('maps our fields onto an existing note type; a field it lacks is refused before anything is added', async () => {
    await star('猫', '猫がいる。', { meaning: 'cat' });
    const types = await callOk<AnkiNoteType[]>(core, 'anki.noteTypes');
    expect(types).toContainEqual({ name: 'Basic', fields: ['Front', 'Back'] });
    const bad = await callErr(core, 'anki.export', { deck: 'Mining', target: { kind: 'mapped', model: 'Basic', fields: { Expression: 'Front', MainDefinition: 'Nope' } } });
    expect(bad.code).toBe('bad_request');
    expect(anki.notes).toHaveLength(0);
    const summary = await exportNotes({ target: { kind: 'mapped', model: 'Basic', fields: { Expression: 'Front', MainDefinition: 'Back' } } });
    expect(summary).toMatchObject({ model: 'Basic', added: 1, withWordAudio: 0 });
    expect(anki.notes[0]).toMatchObject({ modelName: 'Basic', fields: { Front: '猫', Back: 'cat' } });
    expect(calls('createModel')).toBe(0);
  });

  it('duplicates in the deck: skipped, added anyway, or the note updated', async () => {
    const cat = await star('猫', '猫がいる。', { meaning: 'cat' });
    await exportNotes({ scope: { kind: 'all' } });
    expect((await exportNotes({ scope: { kind: 'all' } })).skipped).toBe(1);
    expect(anki.notes).toHaveLength(1);
    await callOk<ReviewCard>(core, 'cards.update', cat.id, { meaning: 'a cat', notes: 'mine' });
    const updated = await exportNotes({ duplicates: 'update' });
    expect(updated).toMatchObject({ total: 1, updated: 1, added: 0 });
    expect(anki.notes[0]!.fields).toMatchObject({ MainDefinition: 'a cat', Notes: 'mine' });
    expect(calls('findNotes')).toBeGreaterThanOrEqual(3);
    const again = await exportNotes({ duplicates: 'add', scope: { kind: 'selected', cardIds: [cat.id] } });
    expect(again.added).toBe(1);
    expect(anki.notes).toHaveLength(2);
  });

  it('names every failure and keeps going; Anki gone is one clear error', async () => {
    await star('猫', '猫がいる。');
    await star('犬', '犬がいる。');
    anki.failAction('addNote', 'collection is not available');
    const summary = await exportNotes();
    expect(summary.added).toBe(1);
    expect(summary.failed).toEqual([{ cardId: expect.any(Number), word: '猫', message: 'Anki: collection is not available' }]);
    await anki.close();
    expect((await callErr(core, 'anki.export', { scope: { kind: 'all' } })).code).toBe('anki_unavailable');
  });

  it('pitch, frequency and JLPT come through the word-facts seam', async () => {
    core.wordFacts = (key) => (key.term === '猫' ? { pitch: [1], frequency: '1234', jlpt: 'N5' } : undefined);
    await star('猫', '猫がいる。');
    await exportNotes();
    expect(anki.notes[0]!.fields).toMatchObject({ PitchPosition: '[1]', Frequency: '1234', JLPT: 'N5' });
    expect(anki.notes[0]!.fields.PitchGraph).toContain('pitch-drop');
  });
});
