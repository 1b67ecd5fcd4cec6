/**
 * Synthesized audio is read with a cap (UPSTREAM_AUDIO_LIMIT_BYTES), counted while it arrives:
 * a Gemini body that does not stop (plain or gzip), Edge audio frames past the cap across the
 * chunks of one text, or one Edge message larger than the cap, end in upstreamTooLarge and the
 * connection is dropped instead of read to the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPSTREAM_AUDIO_LIMIT_BYTES } from '../../../electron/core/net/upstreamLimits';
import { synthesizeEdge } from '../../../electron/core/tts/edgeTts';
import { synthesizeGemini } from '../../../electron/core/tts/geminiTts';
import { startFakeEdgeTts, type FakeEdgeTts } from '../../fakes/edgeTts';
import { FAKE_GEMINI_KEY, startFakeGeminiTts, type FakeGeminiTts } from '../../fakes/geminiTts';
import { rejection } from '../../support/appError';

const MiB = 1024 * 1024;
const TOO_LARGE = { code: 'upstream_error', message: '上游响应过大（超过 32 MiB），已停止读取', status: 502, details: { reason: 'too_large', tooLarge: true, limitBytes: 32 * MiB } };

describe('Gemini TTS body cap', () => {
  let fake: FakeGeminiTts;
  beforeAll(async () => {
    fake = await startFakeGeminiTts();
  });
  afterAll(async () => {
    await fake.close();
  });
  const opts = () => ({ baseUrl: fake.baseUrl, apiKey: FAKE_GEMINI_KEY, model: 'gemini-2.5-flash-preview-tts', voice: 'Kore', timeoutMs: 20_000 });

  it('is 32 MiB', () => expect(UPSTREAM_AUDIO_LIMIT_BYTES).toBe(32 * MiB));

  it.each([['plain', undefined], ['gzip', 'gzip' as const]])('an endless %s body → too large, the connection is cut near the cap', async (_name, encoding) => {
    fake.configure({ mode: { kind: 'flood', encoding } });
    const e = await rejection(synthesizeGemini('長い', opts()));
    expect(e.data).toEqual(TOO_LARGE);
    const report = await fake.floods.at(-1)!;
    expect(report.cutByClient).toBe(true);
    // Plain bytes are counted as they come: the read stopped near the cap (socket buffers aside).
    // (Compressed, the kernel's buffers alone hold many decoded MB: only the cut is checked.)
    if (!encoding) expect(report.sent).toBeLessThan(UPSTREAM_AUDIO_LIMIT_BYTES + 16 * MiB);
  });

  it('a body just under the cap is still read (the cap is not too tight)', async () => {
    fake.configure({ mode: { kind: 'pcm', pcm: Buffer.alloc(3 * MiB, 1) } });
    const out = await synthesizeGemini('普通', opts());
    expect(out.audio.length).toBe(3 * MiB + 44);
  });
});

describe('Edge TTS audio cap', () => {
  let fake: FakeEdgeTts;
  beforeAll(async () => {
    fake = await startFakeEdgeTts();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('frames past the cap across the chunks of one text → too large', async () => {
    // Three chunks of 12 MiB each: every one is fine, together they pass 32 MiB.
    const part = Buffer.alloc(12 * MiB, 0xaa);
    fake.configure({ audio: part, frames: 12 });
    const text = 'あいうえお。かきくけこ。さしすせそ。';
    const e = await rejection(synthesizeEdge(text, { url: fake.url, voice: 'ja-JP-NanamiNeural', timeoutMs: 20_000, maxChunkBytes: 20 }));
    expect(e.data).toEqual(TOO_LARGE);
    expect(fake.received.ssml).toHaveLength(3);
  });

  it('one message larger than the cap → too large, refused before it is buffered', async () => {
    fake.configure({ audio: Buffer.alloc(UPSTREAM_AUDIO_LIMIT_BYTES + 128 * 1024, 0xbb), frames: 1 });
    const closed = fake.received.closeCodes.length;
    const e = await rejection(synthesizeEdge('一つ', { url: fake.url, voice: 'ja-JP-NanamiNeural', timeoutMs: 20_000 }));
    expect(e.data).toEqual(TOO_LARGE);
    // Refused by its header's length (ws's maxPayload: the client closes with 1009, Message Too Big),
    // not read whole and then counted against the budget (which drops the socket: 1006).
    await expect.poll(() => fake.received.closeCodes.slice(closed)).toContain(1009);
  });
});
