/**
 * STREAM_IDLE_TIMEOUT_MS inside the app's own model streams (chat, analysis,
 * word and phrase panels): a gateway that goes quiet after the headers ends the
 * stream with an error that keeps the text received so far, and the upstream
 * request is let go. A stream that keeps sending, however slowly, is not cut.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../shared/contract';
import type { AnalyzeResult, DetailResult } from '../../../shared/contract/reader';
import type { WordDetail } from '../../../shared/domain';
import { createGatewayClient } from '../../../electron/core/gateway/client';
import { startFakeGateway, type FakeGateway } from '../../fakes/gateway';
import { modelReply } from '../../fakes/modelReplies';
import { makeTestCore } from '../../support/testCore';

const KEY = 'sk-or-idle-test-0000';
const IDLE_MS = 400;
let gw: FakeGateway;
let core: ReturnType<typeof makeTestCore>;

beforeAll(async () => {
  gw = await startFakeGateway({ keys: [{ key: KEY }], reply: modelReply, chunkChars: 4 });
  core = makeTestCore({ OPENROUTER_API_URL: gw.baseUrl, OPENROUTER_API_KEY: KEY, STREAM_IDLE_TIMEOUT_MS: String(IDLE_MS) });
  await core.analyzer.ready();
}, 60_000);
afterAll(async () => {
  core.cleanupDir();
  await gw.close();
});

function stream(method: string, args: unknown[]): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  return new Promise((resolve) => {
    const r = core.dispatcher.startStream(method, args, (e) => {
      events.push(e);
      if (e.type !== 'chunk') resolve(events);
    }, { transport: 'ipc' });
    if (!r.ok) resolve([{ id: '-', type: 'error', error: r.error }]);
  });
}
const lastChatRequest = () => gw.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;

describe('a stalled model stream', () => {
  it('chat.send ends with an idle error that keeps the partial answer, and lets the upstream go', async () => {
    gw.script({ kind: 'stall', text: '猫は動物です。そして' });
    const evs = await stream('chat.send', [{ messages: [{ role: 'user', content: '猫とは？' }] }]);
    const chunks = evs.filter((e) => e.type === 'chunk').map((e) => (e as { chunk: string }).chunk);
    expect(chunks.join('')).toBe('猫は動物です。そして');
    const end = evs.at(-1)!;
    if (end.type !== 'error') throw new Error(`expected an error, got ${end.type}`);
    expect(end.error.code).toBe('mid_stream_error');
    expect(end.error.details).toMatchObject({ idle: true, idleMs: IDLE_MS, partialText: '猫は動物です。そして', truncated: true });
    expect(end.error.message).toMatch(/stopped sending/);
    await gw.waitFor(() => lastChatRequest().aborted === true, 5_000);
    expect(core.dispatcher.running).toBe(0);
  });

  it('reader.analyze: a piece whose stream stalls keeps the offline tokens and says why', async () => {
    gw.script({ kind: 'stall', text: '{"tokens":[{"word":"本","pos":"noun","furigana":"ほん"}' });
    const text = '本を読む。';
    const evs = await stream('reader.analyze', [{ text, refresh: true }]);
    const end = evs.at(-1)!;
    if (end.type !== 'done') throw new Error(`expected done, got ${end.type}`);
    const result = end.result as AnalyzeResult;
    expect(result.tokens.map((t) => t.word).join('')).toBe(text);
    expect(result.modelError).toMatchObject({ code: 'mid_stream_error', details: { idle: true } });
  });

  it('word detail: a stream that stalls before any field falls back to the offline detail with the reason', async () => {
    gw.script({ kind: 'stall', text: '' });
    const evs = await stream('reader.wordDetail', [{ word: '猫', sentence: '猫が好きです。', pos: 'noun', refresh: true }]);
    const end = evs.at(-1)!;
    if (end.type !== 'done') throw new Error(`expected done, got ${end.type}`);
    const result = end.result as DetailResult<WordDetail>;
    expect(result.source).toBe('offline');
    expect(result.modelError).toMatchObject({ code: 'mid_stream_error', details: { idle: true } });
  });

  it('phrase detail: a stall after some fields ends with the idle error', async () => {
    gw.script({ kind: 'stall', text: '{"meaning":"a cat' });
    const evs = await stream('reader.phraseDetail', [{ phrase: '猫が好き', sentence: '猫が好きです。', refresh: true }]);
    const end = evs.at(-1)!;
    expect(end.type === 'error' ? end.error.details : undefined).toMatchObject({ idle: true, partialText: '{"meaning":"a cat' });
  });
});

describe('the idle limit is between bytes, not for the whole answer', () => {
  it('a slow stream that keeps sending is read to the end', async () => {
    const slow = await startFakeGateway({ keys: [{ key: KEY }], reply: () => '一二三四五六七八九十', chunkChars: 1, chunkDelayMs: IDLE_MS / 4 });
    try {
      const client = createGatewayClient({ baseUrl: slow.baseUrl, streamIdleTimeoutMs: IDLE_MS });
      const s = await client.streamChatCompletion({ apiKey: KEY, body: { model: 'google/gemini-2.5-flash', messages: [{ role: 'user', content: '数えて' }] } });
      // Ten chunks a quarter of the limit apart: the whole answer takes longer than the limit.
      const summary = await s.collect();
      expect(summary.text).toBe('一二三四五六七八九十');
      expect(summary.completed).toBe(true);
    } finally {
      await slow.close();
    }
  });
});
