import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../shared/contract';
import type { AnalyzeChunk, AnalyzeResult, DetailResult } from '../../../shared/contract/reader';
import type { WordDetail } from '../../../shared/domain';
import { startFakeEdgeTts } from '../../fakes/edgeTts';
import { startFakeGateway, type FakeGateway } from '../../fakes/gateway';
import { modelReply } from '../../fakes/modelReplies';
import { makeTestCore } from '../../support/testCore';

const KEY = 'sk-or-reader-test';
let gw: FakeGateway;
let edge: Awaited<ReturnType<typeof startFakeEdgeTts>>;
// One core for the file: the analyzer's dictionary loads once.
let core: Core;
beforeAll(async () => {
  gw = await startFakeGateway({ keys: [{ key: KEY }], reply: modelReply, chunkChars: 7 });
  edge = await startFakeEdgeTts({});
  core = makeTestCore({ OPENROUTER_API_URL: gw.baseUrl, EDGE_TTS_URL: edge.url });
  await core.analyzer.ready();
}, 60_000);
afterAll(async () => {
  core.cleanupDir();
  await gw.close();
  await edge.close();
});
const withKey = () => core.secrets.set('openrouter', KEY);
const withoutKey = () => core.secrets.clear('openrouter');

type Core = ReturnType<typeof makeTestCore>;
function stream(method: string, args: unknown[], meta?: unknown) {
  const events: StreamEvent[] = [];
  return new Promise<StreamEvent[]>((resolve) => {
    const r = core.dispatcher.startStream(method, args, (e) => {
      events.push(e);
      if (e.type !== 'chunk') resolve(events);
    }, { transport: 'ipc', meta });
    if (!r.ok) resolve([{ id: '-', type: 'error', error: r.error }]);
  });
}
const last = (evs: StreamEvent[]) => evs.at(-1)!;

describe('reader.analyze', () => {
  it('without a key: the offline analyzer answers at once, with the reason the model was skipped', async () => {
    await withoutKey();
    const text = '猫が好きです。\n東京へ行きました。';
    const evs = await stream('reader.analyze', [{ text }]);
    const done = last(evs);
    expect(done.type).toBe('done');
    const result = (done as { result: AnalyzeResult }).result;
    expect(result.source).toBe('offline');
    expect(result.modelError?.code).toBe('missing_key');
    expect(result.tokens.map((t) => t.word).join('')).toBe(text);
    expect(result.tokens.find((t) => t.word === '猫')?.furigana).toBe('ねこ');
    expect(result.tokens.some((t) => t.pos === 'linebreak')).toBe(true);
  });

  it('with a key: offline tokens first, then model tokens streamed and finalised per piece', async () => {
    await withKey();
    const text = '吾輩は猫である。\n名前はまだ無い。';
    const evs = await stream('reader.analyze', [{ text }]);
    const chunks = evs.filter((e) => e.type === 'chunk').map((e) => (e as { chunk: AnalyzeChunk }).chunk);
    expect(chunks[0]).toMatchObject({ source: 'offline', final: true, range: { start: 0, end: text.length } });
    const streamed = chunks.filter((c) => c.source === 'model' && !c.final);
    expect(streamed.length).toBeGreaterThan(1);
    const final = chunks.filter((c) => c.source === 'model' && c.final);
    expect(final).toHaveLength(1);
    expect(final[0]!.tokens.map((t) => t.word).join('')).toBe(text);
    const result = (last(evs) as { result: AnalyzeResult }).result;
    expect(result.source).toBe('model');
    expect(result.tokens.map((t) => t.word).join('')).toBe(text);
    const req = gw.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;
    expect((req.body as { response_format: { json_schema: { name: string; strict: boolean } } }).response_format.json_schema).toMatchObject({
      name: 'japanese_tokens',
      strict: true,
    });
  });

  it('a long text goes piece by piece with progress, and rebuilds exactly', async () => {
    await withKey();
    const para = '今日は雨が降っています。傘を持って出かけましょう。\n';
    const text = para.repeat(120); // ~3,000 characters → several pieces
    const before = gw.requests.length;
    const evs = await stream('reader.analyze', [{ text }]);
    const result = (last(evs) as { result: AnalyzeResult }).result;
    expect(result.tokens.map((t) => t.word).join('')).toBe(text);
    const finals = evs.filter((e) => e.type === 'chunk' && (e as { chunk: AnalyzeChunk }).chunk.final && (e as { chunk: AnalyzeChunk }).chunk.source === 'model');
    expect(finals.length).toBeGreaterThan(1);
    expect(gw.requests.length - before).toBe(finals.length);
    const progress = finals.map((e) => (e as { chunk: AnalyzeChunk }).chunk.progress.done);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(text.length);
  });

  it('a long text: about 300-character pieces, at most 3 with the model at once, handed over in text order', async () => {
    await withKey();
    const text = '今日は雨が降っています。傘を持って出かけましょう。\n'.repeat(60); // ~1,500 characters
    gw.state.delayMs = 80;
    const before = gw.requests.length;
    let most = 0;
    const sampler = setInterval(() => {
      const open = gw.requests.slice(before).filter((r) => r.status === undefined && !r.aborted).length;
      most = Math.max(most, open);
    }, 5);
    try {
      const evs = await stream('reader.analyze', [{ text }]);
      const chunks = evs.filter((e) => e.type === 'chunk').map((e) => (e as { chunk: AnalyzeChunk }).chunk);
      const finals = chunks.filter((c) => c.final && c.source === 'model');
      expect(finals.length).toBeGreaterThanOrEqual(5);
      expect(finals.every((c) => c.range.end - c.range.start <= 300)).toBe(true);
      // In text order, each piece starting where the previous one ended.
      expect(finals.map((c) => c.range.start)).toEqual([0, ...finals.slice(0, -1).map((c) => c.range.end)]);
      expect(finals.at(-1)!.range.end).toBe(text.length);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(3);
    } finally {
      clearInterval(sampler);
      gw.state.delayMs = 0;
    }
  });

  it('a piece whose tokens do not rebuild it is asked again once', async () => {
    await withKey();
    const text = '雨が降る。';
    gw.script({ kind: 'reply', text: JSON.stringify({ tokens: [{ word: '雪', pos: 'noun', furigana: 'ゆき' }, { word: 'が降る。', pos: 'other', furigana: '' }] }) });
    const before = gw.requests.length;
    const evs = await stream('reader.analyze', [{ text, refresh: true }]);
    const result = (last(evs) as { result: AnalyzeResult }).result;
    expect(gw.requests.length - before).toBe(2);
    expect(result).toMatchObject({ source: 'model' });
    expect(result.offlinePieces).toBeUndefined();
    expect(result.tokens.map((t) => t.word).join('')).toBe(text);
  });

  it('a piece the model changes twice keeps the offline tokens, marked, and the analysis is not cached', async () => {
    await withKey();
    const text = '風が吹く。';
    const wrong = { kind: 'reply', text: JSON.stringify({ tokens: [{ word: '風が止む。', pos: 'other', furigana: '' }] }) } as const;
    gw.script(wrong, wrong);
    const before = gw.requests.length;
    const evs = await stream('reader.analyze', [{ text, refresh: true }]);
    const chunks = evs.filter((e) => e.type === 'chunk').map((e) => (e as { chunk: AnalyzeChunk }).chunk);
    expect(gw.requests.length - before).toBe(2);
    expect(chunks.at(-1)).toMatchObject({ source: 'offline', final: true, range: { start: 0, end: text.length }, progress: { done: text.length } });
    const result = (last(evs) as { result: AnalyzeResult }).result;
    expect(result).toMatchObject({ source: 'model', offlinePieces: 1 });
    expect(result.modelError).toBeUndefined();
    expect(result.tokens.map((t) => t.word).join('')).toBe(text);
    expect(result.tokens.find((t) => t.word === '風')?.furigana).toBe('かぜ');
    // Not cached: the next analysis asks the model again (and gets it right).
    const again = (last(await stream('reader.analyze', [{ text }])) as { result: AnalyzeResult }).result;
    expect(again.source).toBe('model');
    expect(gw.requests.length - before).toBe(3);
  });

  it('a model that fails mid-way keeps the offline tokens and says why', async () => {
    await withKey();
    gw.script({ kind: 'error', status: 402, message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits' });
    const text = '本を読みます。';
    const evs = await stream('reader.analyze', [{ text }]);
    const result = (last(evs) as { result: AnalyzeResult }).result;
    expect(result.source).toBe('offline');
    expect(result.modelError).toMatchObject({ code: 'insufficient_credits', status: 402 });
    expect(result.tokens.map((t) => t.word).join('')).toBe(text);
  });

  it('cancel stops the model stream and aborts the upstream request', async () => {
    await withKey();
    gw.script({ kind: 'stall', text: '{"tokens":[{"word":"本","pos":"noun","furigana":"ほん"}' });
    const before = gw.requests.length;
    const events: StreamEvent[] = [];
    const started = core.dispatcher.startStream('reader.analyze', [{ text: '本を読みます。' }], (e) => events.push(e), { transport: 'ipc' });
    if (!started.ok) throw new Error('not started');
    await gw.waitFor(() => gw.requests.length > before && events.some((e) => e.type === 'chunk' && (e as { chunk: AnalyzeChunk }).chunk.source === 'model'), 15_000);
    const upstream = gw.requests[before]!;
    core.dispatcher.cancelStream(started.value.streamId);
    await gw.waitFor(() => upstream.aborted, 3000);
    await new Promise((r) => setTimeout(r, 50));
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'cancelled' } });
  });
});

describe('reader.wordDetail / translate / chat', () => {
  it('streams word detail fields in the explanation locale', async () => {
    await withKey();
    const evs = await stream('reader.wordDetail', [{ word: '猫', sentence: '猫が好きです。', pos: 'noun', furigana: 'ねこ' }], { locale: 'ko' });
    expect(evs.filter((e) => e.type === 'chunk').length).toBeGreaterThan(0);
    const result = (last(evs) as { result: DetailResult<WordDetail> }).result;
    expect(result.source).toBe('model');
    expect(result.detail.chineseTranslation).toContain('Korean');
    expect(Object.keys(result.detail).sort()).toEqual(['chineseTranslation', 'conjugation', 'dictionaryForm', 'example', 'exampleTranslation', 'explanation', 'furigana', 'pos']);
  });

  it('word detail offline: dictionary form, reading and part of speech from the analyzer', async () => {
    await withoutKey();
    const evs = await stream('reader.wordDetail', [{ word: '行きました', sentence: '東京へ行きました。', pos: 'verb' }]);
    const result = (last(evs) as { result: DetailResult<WordDetail> }).result;
    expect(result.source).toBe('offline');
    expect(result.detail).toMatchObject({ dictionaryForm: '行く', pos: 'verb', furigana: 'いく' });
  });

  it('translate streams text that keeps line breaks', async () => {
    await withKey();
    const evs = await stream('reader.translate', [{ text: '一行目\n\n三行目' }], { locale: 'en' });
    const result = (last(evs) as { result: { text: string } }).result;
    expect(result.text).toBe('[English] 一行目\n\n[English] 三行目');
  });

  it('chat puts the tutor prompt and the reading context in front', async () => {
    await withKey();
    const evs = await stream('chat.send', [{ messages: [{ role: 'user', content: 'この文の意味は？' }], context: '猫が好きです。' }]);
    expect(last(evs).type).toBe('done');
    const body = gw.requests.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
    expect(body.messages[0]!.content).toContain('Japanese tutor');
    expect(body.messages[1]!.content).toContain('猫が好きです。');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'この文の意味は？' });
  });
});

describe('tts.speak', () => {
  it('speaks with the settings defaults, then answers from the cache with the service gone', async () => {
    core.settings.set({ tts: { gender: 'male', rate: 20 } });
    const first = await core.dispatcher.call('tts.speak', [{ text: '猫が好きです。' }], { transport: 'ipc' });
    expect(first).toMatchObject({ ok: true, value: { mimeType: 'audio/mpeg', cached: false } });
    expect(edge.received.ssml.at(-1)).toMatchObject({ voice: 'ja-JP-KeitaNeural' });
    await edge.close();
    const second = await core.dispatcher.call('tts.speak', [{ text: '猫が好きです。' }], { transport: 'ipc' });
    expect(second).toMatchObject({ ok: true, value: { cached: true } });
    if (first.ok && second.ok) expect((second.value as { audio: string }).audio).toBe((first.value as { audio: string }).audio);
  });
});
