/**
 * The reader methods with caches and history, against the fake gateway and the
 * fake Edge TTS: cache first, refresh, drop-and-refetch of broken entries, every
 * text a document, and everything reopened with the upstreams stopped.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeChunk, AnalyzeResult, DetailResult, SpeakResult, TextResult } from '../../../shared/contract/reader';
import type { DocumentList, OpenedDocument } from '../../../shared/contract/library';
import type { PhraseDetail, WordDetail } from '../../../shared/domain';
import { callOk, streamResult } from '../../support/dispatch';
import { useReaderStack } from '../../support/readerStack';

const KEY = 'sk-or-cache-test';
const stack = useReaderStack(KEY);
const en = { locale: 'en' };

const modelCalls = () => stack.modelCalls();
const analyze = (args: Record<string, unknown>) => streamResult<AnalyzeChunk, AnalyzeResult>(stack.core, 'reader.analyze', [args]);
const word = (args: Record<string, unknown>) => streamResult<Partial<WordDetail>, DetailResult<WordDetail>>(stack.core, 'reader.wordDetail', [args], en);

const TEXT = '吾輩は猫である。\n名前はまだ無い。';
let docId: number;

describe('analysis cache', () => {
  it('the first analysis asks the model, the second is one final chunk from the cache', async () => {
    const before = modelCalls();
    const first = await analyze({ text: TEXT });
    expect(first.result.source).toBe('model');
    expect(first.result.documentId).toBeGreaterThan(0);
    expect(first.chunks[0]).toMatchObject({ source: 'offline', documentId: first.result.documentId });
    docId = first.result.documentId!;
    expect(modelCalls()).toBe(before + 1);

    const second = await analyze({ text: TEXT });
    expect(modelCalls()).toBe(before + 1);
    expect(second.chunks).toHaveLength(1);
    expect(second.chunks[0]).toMatchObject({ source: 'model', final: true, range: { start: 0, end: TEXT.length }, progress: { done: TEXT.length, total: TEXT.length } });
    expect(second.result).toMatchObject({ source: 'cache', documentId: docId });
    expect(second.result.tokens).toEqual(first.result.tokens);
  });

  it('the same text spelled with CRLF and outer spaces hits the cache and rebuilds that spelling', async () => {
    const before = modelCalls();
    const text = `  ${TEXT.replace('\n', '\r\n')}\n`;
    const r = await analyze({ text });
    expect(modelCalls()).toBe(before);
    expect(r.result.source).toBe('cache');
    expect(r.result.tokens.map((t) => t.word).join('')).toBe(text);
    expect(r.result.documentId).toBe(docId); // same document
  });

  it('refresh bypasses the cache and replaces the entry', async () => {
    const before = modelCalls();
    const r = await analyze({ text: TEXT, refresh: true });
    expect(r.result.source).toBe('model');
    expect(modelCalls()).toBe(before + 1);
    expect((await analyze({ text: TEXT })).result.source).toBe('cache');
  });

  it('a broken entry (bad JSON, then a wrong shape) is dropped and fetched again, never shown', async () => {
    const dropped = stack.core.answers.dropped;
    for (const broken of ['{"tokens": [', JSON.stringify([{ word: TEXT, pos: 'nonsense', furigana: 1 }])]) {
      stack.core.db.prepare("UPDATE answer_cache SET json = ? WHERE kind = 'analysis'").run(broken);
      const before = modelCalls();
      const r = await analyze({ text: TEXT });
      expect(r.result.source).toBe('model');
      expect(modelCalls()).toBe(before + 1);
      expect(r.result.tokens.map((t) => t.word).join('')).toBe(TEXT);
      expect((await analyze({ text: TEXT })).result.source).toBe('cache');
    }
    expect(stack.core.answers.dropped).toBe(dropped + 2);
  });

  it('without a key a cached analysis is still served; an uncached text is analysed offline and becomes a document', async () => {
    await stack.core.secrets.clear('openrouter');
    try {
      expect((await analyze({ text: TEXT })).result.source).toBe('cache');
      const r = await analyze({ text: '東京へ行きました。', source: 'image' });
      expect(r.result).toMatchObject({ source: 'offline', modelError: { code: 'missing_key' } });
      const opened = await callOk<OpenedDocument>(stack.core, 'library.open', r.result.documentId);
      expect(opened).toMatchObject({ tokensSource: 'offline', document: { source: 'image', title: '東京へ行きました。' } });
      expect(opened.tokens.find((t) => t.word === '東京')?.furigana).toBe('とうきょう');
    } finally {
      await stack.core.secrets.set('openrouter', KEY);
    }
  });
});

describe('translation, explanations and OCR', () => {
  it('a translation is cached per locale and lands on the document (searchable)', async () => {
    const before = modelCalls();
    const first = await streamResult<string, TextResult>(stack.core, 'reader.translate', [{ text: TEXT, documentId: docId }], en);
    expect(first.result.source).toBe('model');
    const again = await streamResult<string, TextResult>(stack.core, 'reader.translate', [{ text: TEXT }], en);
    expect(again.result).toEqual({ text: first.result.text, source: 'cache' });
    expect(again.chunks).toEqual([first.result.text]);
    expect(modelCalls()).toBe(before + 1);
    const ko = await streamResult<string, TextResult>(stack.core, 'reader.translate', [{ text: TEXT }], { locale: 'ko' });
    expect(ko.result.source).toBe('model');
    // The document keeps the latest translation; switch back so the rest of the file sees English.
    await streamResult(stack.core, 'reader.translate', [{ text: TEXT }], en);
    const found = await callOk<DocumentList>(stack.core, 'library.list', { query: '[English]' });
    expect(found.items.map((i) => i.id)).toEqual([docId]);
  });

  it('word and phrase details are cached and linked to the document; refresh asks again', async () => {
    const args = { word: '猫', sentence: '吾輩は猫である。', pos: 'noun', furigana: 'ねこ', offset: 3, documentId: docId };
    const before = modelCalls();
    expect((await word(args)).result.source).toBe('model');
    const hit = await word(args);
    expect(hit.result.source).toBe('cache');
    expect(hit.result.detail.chineseTranslation).toContain('meaning of 猫');
    expect(modelCalls()).toBe(before + 1);
    expect((await word({ ...args, refresh: true })).result.source).toBe('model');

    const phrase = { phrase: '名前はまだ無い', sentence: '名前はまだ無い。' }; // no documentId: found by its sentence
    const p1 = await streamResult<unknown, DetailResult<PhraseDetail>>(stack.core, 'reader.phraseDetail', [phrase], en);
    const p2 = await streamResult<unknown, DetailResult<PhraseDetail>>(stack.core, 'reader.phraseDetail', [phrase], en);
    expect([p1.result.source, p2.result.source]).toEqual(['model', 'cache']);
    expect(p2.result.detail.breakdown).toContain('parts');

    const opened = await callOk<OpenedDocument>(stack.core, 'library.open', docId);
    expect(opened.details.map((d) => [d.kind, d.word])).toEqual([
      ['word', '猫'],
      ['phrase', '名前はまだ無い'],
    ]);
  });

  it('a broken detail entry is dropped and fetched again', async () => {
    const args = { word: '名前', sentence: '名前はまだ無い。', pos: 'noun' };
    await word(args);
    stack.core.db.prepare("UPDATE answer_cache SET json = json_object('explanation', 1) WHERE kind = 'word' AND json LIKE '%名前%'").run();
    const before = modelCalls();
    const again = await word(args);
    expect(again.result.source).toBe('model');
    expect(again.result.detail.explanation).toContain('名前');
    expect(modelCalls()).toBe(before + 1);
  });

  it('OCR is cached by the image bytes', async () => {
    const png = `data:image/png;base64,${Buffer.from('a picture of text').toString('base64')}`;
    const before = modelCalls();
    const first = await streamResult<string, TextResult>(stack.core, 'ocr.extract', [{ imageData: png }]);
    const second = await streamResult<string, TextResult>(stack.core, 'ocr.extract', [{ imageData: png.replace('base64,', 'base64,\n') }]);
    expect(first.result.source).toBe('model');
    expect(second.result).toEqual({ text: first.result.text, source: 'cache' });
    expect(modelCalls()).toBe(before + 1);
  });

  it('the daily sentence becomes a daily document', async () => {
    await callOk(stack.core, 'daily.get');
    const list = await callOk<DocumentList>(stack.core, 'library.list', { query: '散歩しました' });
    expect(list.items).toMatchObject([{ source: 'daily' }]);
  });

  it('cache.stats counts every kind and cache.clear empties one', async () => {
    const stats = await callOk<{ kinds: Array<{ kind: string; entries: number }> }>(stack.core, 'cache.stats');
    const by = Object.fromEntries(stats.kinds.map((k) => [k.kind, k.entries]));
    expect(by).toMatchObject({ analysis: 1, ocr: 1, daily: 1 });
    expect(by.translation).toBeGreaterThanOrEqual(2);
    const cleared = await callOk<{ kinds: Array<{ kind: string; entries: number }> }>(stack.core, 'cache.clear', 'ocr');
    expect(cleared.kinds.find((k) => k.kind === 'ocr')!.entries).toBe(0);
    expect(cleared.kinds.find((k) => k.kind === 'analysis')!.entries).toBe(1);
  });
});

describe('with the network off', () => {
  it('reopens the document: tokens, translation, details and audio all from SQLite', async () => {
    const spoken = await callOk<SpeakResult>(stack.core, 'tts.speak', { text: TEXT });
    expect(spoken.cached).toBe(false);
    await stack.gw.close();
    await stack.edge.close();

    const list = await callOk<DocumentList>(stack.core, 'library.list', { query: '名前は' });
    expect(list.items.map((i) => i.id)).toEqual([docId]);
    const opened = await callOk<OpenedDocument>(stack.core, 'library.open', docId);
    expect(opened.tokensSource).toBe('model');
    expect(opened.tokens.map((t) => t.word).join('')).toBe(TEXT);
    expect(opened.translation).toMatchObject({ locale: 'en' });
    expect(opened.translation!.text).toContain('[English]');
    expect(opened.details.map((d) => d.word)).toEqual(['猫', '名前はまだ無い', '名前']);

    expect((await analyze({ text: TEXT })).result.source).toBe('cache');
    const audio = await callOk<SpeakResult>(stack.core, 'tts.speak', { text: TEXT });
    expect(audio).toMatchObject({ cached: true, audio: spoken.audio });
    const detail = await word({ word: '猫', sentence: '吾輩は猫である。', pos: 'noun', furigana: 'ねこ', offset: 3 });
    expect(detail.result.source).toBe('cache');
    const translated = await streamResult<string, TextResult>(stack.core, 'reader.translate', [{ text: TEXT }], en);
    expect(translated.result.source).toBe('cache');
  });

  it('chats are saved per document', async () => {
    const saved = await callOk<{ id: number }>(stack.core, 'library.saveChat', docId, [{ role: 'user', content: '猫は何ですか' }]);
    await callOk(stack.core, 'library.saveChat', docId, [{ role: 'user', content: '猫は何ですか' }, { role: 'assistant', content: 'A cat.' }], saved.id);
    const chats = await callOk<Array<{ id: number; messages: unknown[] }>>(stack.core, 'library.chats', docId);
    expect(chats).toMatchObject([{ id: saved.id, messages: [{}, { role: 'assistant', content: 'A cat.' }] }]);
  });

  it('deleting a document keeps the caches (another document may share them)', async () => {
    expect(await callOk(stack.core, 'library.delete', docId)).toEqual({ deleted: true });
    expect((await callOk<DocumentList>(stack.core, 'library.list', { query: '名前は' })).total).toBe(0);
    expect((await analyze({ text: TEXT })).result.source).toBe('cache');
  });
});
