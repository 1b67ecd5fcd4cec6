import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { synthesizeEdge } from '../../../electron/core/tts/edgeTts';
import { escapeXml } from '../../../electron/core/tts/ssml';
import { startFakeEdgeTts, type FakeEdgeTts } from '../../fakes/edgeTts';
import { rejection } from '../../support/appError';

let fake: FakeEdgeTts;

beforeEach(async () => {
  fake = await startFakeEdgeTts();
});
afterEach(async () => {
  await fake.close();
});

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const nanami = 'ja-JP-NanamiNeural';

describe('Edge read-aloud client against the fake service', () => {
  it('speaks the protocol: query, headers, speech.config then ssml, and returns the MP3', async () => {
    const mp3 = Buffer.from([0xff, 0xf3, 0x44, 0xc4, 1, 2, 3, 4, 5, 6]);
    fake.configure({ audio: mp3 });
    const out = await synthesizeEdge('こんにちは', { url: fake.url, voice: nanami, rate: 0, timeoutMs: 2000 });
    expect(out).toEqual({ audio: mp3, mimeType: 'audio/mpeg' });

    expect(fake.received.rejected).toEqual([]);
    expect(fake.received.violations).toEqual([]);
    expect(fake.received.configs).toHaveLength(1);
    const [conn] = fake.received.connections;
    expect(conn?.headers.origin).toBe('chrome-extension://jdiccldimpdaibmpdkjnbmckianbfold');
    expect(conn?.headers['user-agent']).toMatch(/Edg\/\d+/);
    const [req] = fake.received.ssml;
    expect(req).toMatchObject({ voice: nanami, rate: '+0%', lang: 'ja-JP', body: 'こんにちは' });
    expect(req?.connectionId).toBe(conn?.query.ConnectionId);
  });

  it('joins audio across many binary frames in order', async () => {
    const audio = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    fake.configure({ audio, frames: 7 });
    const out = await synthesizeEdge('長い音声', { url: fake.url, voice: nanami, timeoutMs: 2000 });
    expect(out.audio).toEqual(audio);
  });

  it('sends the voice, the signed rate and XML-escaped text', async () => {
    await synthesizeEdge(`A&B <tag> "q" 'a'`, { url: fake.url, voice: 'ja-JP-KeitaNeural', rate: -35, timeoutMs: 2000 });
    const [req] = fake.received.ssml;
    expect(req?.voice).toBe('ja-JP-KeitaNeural');
    expect(req?.rate).toBe('-35%');
    expect(req?.body).toBe('A&amp;B &lt;tag&gt; &quot;q&quot; &apos;a&apos;');
    expect(req?.ssml).not.toContain('<tag>');
  });

  it('clamps the rate sent to the service', async () => {
    await synthesizeEdge('速い', { url: fake.url, voice: nanami, rate: 400, timeoutMs: 2000 });
    expect(fake.received.ssml[0]?.rate).toBe('+100%');
  });

  it('splits long text at sentence ends, one connection per chunk, and concatenates the MP3s', async () => {
    fake.configure({ audio: (req) => Buffer.from(`[${req.body ?? ''}]`) });
    const sentences = Array.from({ length: 9 }, (_, i) => `これは${i}番目の文で、記号 & も入ります。`);
    const text = sentences.join('');
    const out = await synthesizeEdge(text, { url: fake.url, voice: nanami, timeoutMs: 5000, maxChunkBytes: 200 });

    const bodies = fake.received.ssml.map((r) => r.body ?? '');
    expect(bodies.length).toBeGreaterThan(2);
    for (const b of bodies) {
      expect(Buffer.byteLength(b)).toBeLessThanOrEqual(200);
      expect(b.endsWith('。')).toBe(true);
    }
    expect(bodies.join('')).toBe(escapeXml(text));
    expect(out.audio.toString()).toBe(bodies.map((b) => `[${b}]`).join(''));
    const ids = new Set(fake.received.connections.map((c) => c.query.ConnectionId));
    expect(ids.size).toBe(bodies.length);
    expect(fake.received.violations).toEqual([]);
  });

  it('a socket closed before turn.end is an upstream error, even with audio received', async () => {
    fake.configure({ closeBeforeTurnEnd: true });
    const e = await rejection(synthesizeEdge('途中', { url: fake.url, voice: nanami, timeoutMs: 2000 }));
    expect(e.data).toMatchObject({ code: 'upstream_error', status: 502, message: '语音合成服务连接意外中断，请重试。' });
  });

  it('turn.end with no audio is an error', async () => {
    fake.configure({ audio: Buffer.alloc(0) });
    const e = await rejection(synthesizeEdge('無音', { url: fake.url, voice: nanami, timeoutMs: 2000 }));
    expect(e.data).toMatchObject({ code: 'upstream_error', status: 502, message: '语音合成服务未返回音频。' });
  });

  it('times out with the fixed timeout message and closes the socket', async () => {
    fake.configure({ neverAnswer: true });
    // The default deadline (60 s) is past the test's own timeout: a 'timeout' here is the 150 ms one.
    const e = await rejection(synthesizeEdge('待つ', { url: fake.url, voice: nanami, timeoutMs: 150 }));
    expect(e.data).toEqual({ code: 'timeout', message: '上游接口请求超时，请稍后重试。', status: 504 });
    expect(fake.received.ssml).toHaveLength(1);
    await until(() => fake.openSockets() === 0);
  });

  it('the timeout bounds the whole call, not each chunk', async () => {
    fake.configure({ delayMs: 60 });
    const text = 'あいうえお。'.repeat(10);
    const e = await rejection(synthesizeEdge(text, { url: fake.url, voice: nanami, timeoutMs: 250, maxChunkBytes: 18 }));
    expect(e.data.code).toBe('timeout');
    expect(fake.received.ssml.length).toBeLessThan(10);
  });

  it('an abort closes the socket and rejects as cancelled', async () => {
    fake.configure({ neverAnswer: true });
    const controller = new AbortController();
    const pending = synthesizeEdge('止める', { url: fake.url, voice: nanami, timeoutMs: 5000, signal: controller.signal });
    await until(() => fake.received.ssml.length === 1);
    expect(fake.openSockets()).toBe(1);
    controller.abort();
    const e = await rejection(pending);
    expect(e.data.code).toBe('cancelled');
    await until(() => fake.openSockets() === 0);
  });

  it('an already aborted signal never connects', async () => {
    const e = await rejection(synthesizeEdge('x', { url: fake.url, voice: nanami, signal: AbortSignal.abort() }));
    expect(e.data.code).toBe('cancelled');
    expect(fake.received.connections).toHaveLength(0);
  });

  it('a refused handshake is an upstream error naming the status', async () => {
    fake.configure({ rejectConnection: 503 });
    const e = await rejection(synthesizeEdge('x', { url: fake.url, voice: nanami, timeoutMs: 2000 }));
    expect(e.data).toMatchObject({ code: 'upstream_error', status: 502, details: { upstreamStatus: 503 } });
    expect(e.data.message).toContain('503');
  });

  it('an unreachable service is an upstream error', async () => {
    const url = fake.url;
    await fake.close();
    const e = await rejection(synthesizeEdge('x', { url, voice: nanami, timeoutMs: 2000 }));
    expect(e.data).toMatchObject({ code: 'upstream_error', status: 502, message: '无法连接语音合成服务，请稍后重试。' });
    fake = await startFakeEdgeTts(); // for afterEach
  });

  it('the token follows the injected clock; a 403 with the server date corrects a wrong clock once', async () => {
    const serverNow = Date.UTC(2025, 4, 1, 12, 0, 0);
    fake.configure({ verifyTokenAt: () => serverNow });
    // Client clock two hours behind: first handshake refused, retried with the server's time.
    const out = await synthesizeEdge('時計', { url: fake.url, voice: nanami, timeoutMs: 2000, now: () => serverNow - 7_200_000 });
    expect(out.audio.length).toBeGreaterThan(0);
    expect(fake.received.rejected).toEqual(['Sec-MS-GEC value']);
    expect(fake.received.connections).toHaveLength(2);

    // A clock that matches needs no retry.
    fake.received.connections.length = 0;
    fake.received.rejected.length = 0;
    await synthesizeEdge('時計', { url: fake.url, voice: nanami, timeoutMs: 2000, now: () => serverNow });
    expect(fake.received.rejected).toEqual([]);
    expect(fake.received.connections).toHaveLength(1);
  });

  it('a 403 that persists is reported, not retried forever', async () => {
    fake.configure({ rejectConnection: 403 });
    const e = await rejection(synthesizeEdge('x', { url: fake.url, voice: nanami, timeoutMs: 2000 }));
    expect(e.data.details).toEqual({ service: 'speech', reason: 'refused', upstreamStatus: 403 });
    expect(fake.received.connections.length).toBeLessThanOrEqual(2);
  });
});
