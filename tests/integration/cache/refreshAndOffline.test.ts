/**
 * Refresh for every kind (bypass and replace), a cache hit that writes nothing,
 * the audio cap applied as soon as the setting is lowered, audio found under
 * another voice for review, and the offline analyzer taking over when the
 * provider is unreachable with a key set. Real core, real SQLite, fake upstreams.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeChunk, AnalyzeResult, DetailResult, SpeakResult, TextResult } from '../../../shared/contract/reader';
import type { ReviewAudio } from '../../../shared/contract/review';
import type { DailySentence, WordDetail } from '../../../shared/domain';
import { DAILY_REPLY } from '../../fakes/modelReplies';
import { callOk, streamResult } from '../../support/dispatch';
import { useReaderStack } from '../../support/readerStack';

const KEY = 'sk-or-refresh-test';
const stack = useReaderStack(KEY);
const en = { locale: 'en' };

const modelCalls = () => stack.modelCalls();
const ttsCalls = () => stack.edge.received.connections.length;
const changes = () => stack.core.db.prepare('SELECT total_changes()').pluck().get() as number;
const translate = (args: Record<string, unknown>) => streamResult<string, TextResult>(stack.core, 'reader.translate', [args], en);
const TEXT = '雨が止んだら、公園へ散歩に行きましょう。';

describe('refresh bypasses the cache and replaces the entry', () => {
  it('translation', async () => {
    const first = await translate({ text: TEXT });
    expect(first.result.source).toBe('model');
    // Make the stored answer recognisably stale: refresh must not show it, and must replace it.
    stack.core.db.prepare("UPDATE answer_cache SET json = '\"stale\"' WHERE kind = 'translation'").run();
    expect((await translate({ text: TEXT })).result).toEqual({ text: 'stale', source: 'cache' });
    const before = modelCalls();
    const refreshed = await translate({ text: TEXT, refresh: true });
    expect(refreshed.result).toEqual({ text: first.result.text, source: 'model' });
    expect(modelCalls()).toBe(before + 1);
    expect((await translate({ text: TEXT })).result).toEqual({ text: first.result.text, source: 'cache' });
  });

  it('OCR', async () => {
    const png = `data:image/png;base64,${Buffer.from('a page of a novel').toString('base64')}`;
    const ocr = (refresh: boolean) => streamResult<string, TextResult>(stack.core, 'ocr.extract', [{ imageData: png, refresh }]);
    const first = await ocr(false);
    expect(first.result.source).toBe('model');
    stack.core.db.prepare("UPDATE answer_cache SET json = '\"stale\"' WHERE kind = 'ocr'").run();
    const before = modelCalls();
    expect((await ocr(true)).result).toEqual({ text: first.result.text, source: 'model' });
    expect(modelCalls()).toBe(before + 1);
    expect((await ocr(false)).result).toEqual({ text: first.result.text, source: 'cache' });
  });

  it('TTS audio', async () => {
    const first = await callOk<SpeakResult>(stack.core, 'tts.speak', { text: TEXT });
    expect(first.cached).toBe(false);
    stack.core.db.prepare('UPDATE tts_audio SET audio = ? WHERE text = ?').run(Buffer.from('stale audio'), TEXT);
    expect((await callOk<SpeakResult>(stack.core, 'tts.speak', { text: TEXT })).audio).toBe(Buffer.from('stale audio').toString('base64'));
    const before = ttsCalls();
    const refreshed = await callOk<SpeakResult>(stack.core, 'tts.speak', { text: TEXT, refresh: true });
    expect(refreshed.cached).toBe(false);
    expect(refreshed.audio).not.toBe(Buffer.from('stale audio').toString('base64'));
    expect(ttsCalls()).toBe(before + 1);
    expect(await callOk<SpeakResult>(stack.core, 'tts.speak', { text: TEXT })).toEqual({ ...refreshed, cached: true });
  });

  it('daily sentence', async () => {
    const first = await callOk<DailySentence>(stack.core, 'daily.get');
    expect(first.text).toBe(DAILY_REPLY.text);
    const stale = { ...first, text: '古い文です。', tokens: [{ word: '古い文です。', pos: 'other', furigana: '' }] };
    stack.core.db.prepare('UPDATE daily_sentences SET json = ?').run(JSON.stringify(stale));
    expect((await callOk<DailySentence>(stack.core, 'daily.get')).text).toBe('古い文です。');
    const before = modelCalls();
    expect((await callOk<DailySentence>(stack.core, 'daily.get', { refresh: true })).text).toBe(DAILY_REPLY.text);
    expect(modelCalls()).toBe(before + 1);
    expect((await callOk<DailySentence>(stack.core, 'daily.get')).text).toBe(DAILY_REPLY.text);
    expect(modelCalls()).toBe(before + 1);
  });

  it('a new model is a new daily sentence', async () => {
    const before = modelCalls();
    const models = stack.core.settings.get().models;
    stack.core.settings.set({ models: { ...models, openrouter: 'openai/gpt-4o-mini' } });
    try {
      await callOk<DailySentence>(stack.core, 'daily.get');
      expect(modelCalls()).toBe(before + 1);
      expect(stack.core.db.prepare('SELECT count(*) FROM daily_sentences').pluck().get()).toBe(2);
    } finally {
      stack.core.settings.set({ models });
    }
  });
});

describe('a cache hit writes nothing', () => {
  it('translation: the row is not rewritten on every read', async () => {
    await translate({ text: TEXT }); // a hit; may mark the row used (once a minute)
    const row = () => stack.core.db.prepare("SELECT created_at, last_used_at FROM answer_cache WHERE kind = 'translation'").get();
    const stored = row();
    const before = changes();
    for (let i = 0; i < 3; i++) expect((await translate({ text: TEXT })).result.source).toBe('cache');
    expect(changes()).toBe(before);
    expect(row()).toEqual(stored);
  });

  it('analysis: repeated hits within a second neither touch the document nor the cache row', async () => {
    const analyze = () => streamResult<AnalyzeChunk, AnalyzeResult>(stack.core, 'reader.analyze', [{ text: TEXT }]);
    await analyze();
    expect((await analyze()).result.source).toBe('cache');
    const before = changes();
    expect((await analyze()).result.source).toBe('cache');
    expect(changes()).toBe(before);
  });
});

describe('audio', () => {
  it('lowering audioCacheMb in the settings evicts at once, least recently used first', () => {
    const mb = 1024 * 1024;
    const parts = (text: string) => ({ provider: 'edge', voice: 'v', rate: 0, model: null, text });
    for (const [i, text] of ['一', '二', '三'].entries()) {
      stack.core.audio.put(`cap-${i}`, parts(text), { audio: Buffer.alloc(6 * mb, i), mimeType: 'audio/mpeg' });
    }
    expect(stack.core.audio.sizeBytes()).toBeGreaterThan(18 * mb);
    stack.core.settings.set({ audioCacheMb: 10 });
    try {
      expect(stack.core.audio.sizeBytes()).toBeLessThanOrEqual(10 * mb);
      expect(stack.core.db.prepare("SELECT key FROM tts_audio WHERE key LIKE 'cap-%'").pluck().all()).toEqual(['cap-2']);
    } finally {
      stack.core.settings.set({ audioCacheMb: 500 });
    }
  });

  it('review audio plays what was cached with another voice, with the TTS service gone', async () => {
    const sentence = '毎晩寝る前に日記を書いている。';
    const male = await callOk<SpeakResult>(stack.core, 'tts.speak', { text: sentence, gender: 'male' });
    expect(male.cached).toBe(false);
    const other = '電車の中で道を聞かれた。';
    const otherFemale = await callOk<SpeakResult>(stack.core, 'tts.speak', { text: other }); // the current voice
    await callOk<SpeakResult>(stack.core, 'tts.speak', { text: other, gender: 'male' }); // more recent, another voice
    await stack.edge.close();
    // The current voice (female) has nothing for this text: tts.speak would need the network…
    await expect(callOk(stack.core, 'tts.speak', { text: sentence })).rejects.toThrow();
    // …review finds the male recording.
    const audio = await callOk<ReviewAudio>(stack.core, 'review.audio', { text: ` ${sentence} ` });
    expect(audio).toMatchObject({ cached: true, audio: male.audio });
    // The current voice is preferred when both exist.
    expect(await callOk<ReviewAudio>(stack.core, 'review.audio', { text: other })).toMatchObject({ cached: true, audio: otherFemale.audio });
  });
});

describe('provider unreachable with a key set', () => {
  it('an uncached text is analysed offline and a word looked up offline', async () => {
    await stack.gw.close();
    const text = '子どもたちが校庭で元気に遊んでいる。';
    const r = await streamResult<AnalyzeChunk, AnalyzeResult>(stack.core, 'reader.analyze', [{ text }]);
    expect(r.result.source).toBe('offline');
    expect(r.result.modelError).toBeDefined();
    expect(r.result.tokens.map((t) => t.word).join('')).toBe(text);
    expect(r.result.tokens.find((t) => t.word === '校庭')?.furigana).toBe('こうてい');
    const w = await streamResult<Partial<WordDetail>, DetailResult<WordDetail>>(
      stack.core,
      'reader.wordDetail',
      [{ word: '遊んで', sentence: text, pos: 'verb', offset: 10 }],
      en,
    );
    expect(w.result.source).toBe('offline');
    expect(w.result.modelError).toBeDefined();
    expect(w.result.detail.dictionaryForm).toBe('遊ぶ');
  }, 60_000);
});
