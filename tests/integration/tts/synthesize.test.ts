import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_GEMINI_TTS_MODEL } from '../../../shared/catalog';
import { AppError } from '../../../shared/result';
import { synthesize, type TtsDeps } from '../../../electron/core/tts';
import { startFakeEdgeTts, type FakeEdgeTts } from '../../fakes/edgeTts';
import { FAKE_GEMINI_KEY, startFakeGeminiTts, type FakeGeminiTts } from '../../fakes/geminiTts';

let edge: FakeEdgeTts;
let gemini: FakeGeminiTts;
let deps: TtsDeps;

beforeAll(async () => {
  edge = await startFakeEdgeTts({ audio: Buffer.from('MP3DATA') });
  gemini = await startFakeGeminiTts();
  deps = { edgeTtsUrl: edge.url, geminiNativeApiUrl: gemini.baseUrl, geminiApiKey: FAKE_GEMINI_KEY, timeoutMs: 2000 };
});
afterAll(async () => {
  await edge.close();
  await gemini.close();
});
beforeEach(() => {
  edge.received.ssml.length = 0;
  gemini.requests.length = 0;
});

describe('synthesize facade', () => {
  it('edge female by default: Nanami, +0%, MP3', async () => {
    const out = await synthesize({ text: 'おはよう' }, deps);
    expect(out).toEqual({ audio: Buffer.from('MP3DATA'), mimeType: 'audio/mpeg' });
    expect(edge.received.ssml[0]).toMatchObject({ voice: 'ja-JP-NanamiNeural', rate: '+0%', body: 'おはよう' });
  });

  it('edge male with a rate: Keita and the clamped rate', async () => {
    await synthesize({ provider: 'edge', text: 'おはよう', gender: 'male', rate: -150 }, deps);
    expect(edge.received.ssml[0]).toMatchObject({ voice: 'ja-JP-KeitaNeural', rate: '-100%' });
  });

  it('edge with an invalid gender falls back to Nanami', async () => {
    await synthesize({ provider: 'edge', text: 'a', gender: 'other' }, deps);
    expect(edge.received.ssml[0]?.voice).toBe('ja-JP-NanamiNeural');
  });

  it('gemini: default voice Kore and default model, WAV out', async () => {
    const out = await synthesize({ provider: 'gemini', text: 'こんばんは' }, deps);
    expect(out.mimeType).toBe('audio/wav');
    expect(gemini.requests[0]).toMatchObject({ voice: 'Kore', model: DEFAULT_GEMINI_TTS_MODEL, apiKey: FAKE_GEMINI_KEY });
  });

  it('gemini: chosen voice and model from the settings', async () => {
    await synthesize({ provider: 'gemini', text: 'a', voice: 'Charon', model: 'gemini-2.5-pro-preview-tts' }, deps);
    expect(gemini.requests[0]).toMatchObject({ voice: 'Charon', model: 'gemini-2.5-pro-preview-tts' });
  });

  it('gemini without a key: 401 missing_key and no request', async () => {
    const { geminiApiKey: _unused, ...noKey } = deps;
    const e: unknown = await synthesize({ provider: 'gemini', text: 'a' }, noKey).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).data).toEqual({
      code: 'missing_key',
      status: 401,
      message: '未提供API密钥，请在设置中配置API密钥或联系管理员配置服务器密钥',
    });
    expect(gemini.requests).toHaveLength(0);
  });

  it('passes the signal and the timeout through', async () => {
    edge.configure({ neverAnswer: true });
    try {
      const e: unknown = await synthesize({ text: 'a' }, { ...deps, timeoutMs: 100 }).catch((x: unknown) => x);
      expect((e as AppError).data.code).toBe('timeout');
      const c = new AbortController();
      const p = synthesize({ text: 'b' }, { ...deps, signal: c.signal }).catch((x: unknown) => x);
      setTimeout(() => c.abort(), 30);
      expect(((await p) as AppError).data.code).toBe('cancelled');
    } finally {
      edge.configure({ neverAnswer: false });
    }
  });

  it('chunks long edge text through deps.edgeMaxChunkBytes', async () => {
    await synthesize({ text: '一文目です。二文目です。三文目です。' }, { ...deps, edgeMaxChunkBytes: 40 });
    // Only this test's texts: the aborted requests of the previous test may still reach the fake under load.
    const mine = edge.received.ssml.map((r) => r.body).filter((b) => b?.includes('文目'));
    expect(mine).toEqual(['一文目です。二文目です。', '三文目です。']);
  });
});
