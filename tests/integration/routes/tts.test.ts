/** POST /api/tts against the fake Edge read-aloud and Gemini TTS servers, and its SQLite audio cache. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TTS_MAX_TEXT_CHARS } from '../../../shared/catalog';
import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';
import { startFakeEdgeTts, type FakeEdgeTts } from '../../fakes/edgeTts';
import { FAKE_GEMINI_KEY, samplePcm, sampleWav, startFakeGeminiTts, type FakeGeminiTts } from '../../fakes/geminiTts';
import { startTestServer } from '../../support/browserMode';
import { errorBody, post, type Reply, type TestServer } from '../../support/routesHarness';

interface Audio {
  audio: string;
  mimeType: string;
}
const audioOf = (res: Reply): Buffer => Buffer.from((res.json as Audio).audio, 'base64');

describe('edge and gemini', () => {
  let edge: FakeEdgeTts;
  let gemini: FakeGeminiTts;
  let server: TestServer;
  beforeAll(async () => {
    edge = await startFakeEdgeTts();
    gemini = await startFakeGeminiTts();
    server = await startTestServer({ EDGE_TTS_URL: edge.url, GEMINI_NATIVE_API_URL: gemini.baseUrl, GEMINI_API_KEY: FAKE_GEMINI_KEY });
  });
  afterAll(async () => {
    await server.close();
    await edge.close();
    await gemini.close();
  });
  afterEach(() => {
    gemini.configure({ mode: { kind: 'pcm' } });
    expect(edge.received.violations).toEqual([]);
  });

  it('edge by default: female voice, rate +0%, MP3 as {audio, mimeType}', async () => {
    const res = await post(server.url, '/api/tts', { text: 'おはようございます' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json as object).sort()).toEqual(['audio', 'mimeType']);
    expect((res.json as Audio).mimeType).toBe('audio/mpeg');
    const sent = edge.received.ssml.at(-1)!;
    expect(sent.voice).toBe('ja-JP-NanamiNeural');
    expect(sent.rate).toBe('+0%');
    expect(sent.lang).toBe('ja-JP');
    // The fake's audio names its request, so the bytes prove they were passed through whole.
    expect(audioOf(res).toString()).toBe(`mp3-${edge.received.ssml.length - 1}:おはようございます`);
  });

  it('edge: male → ja-JP-KeitaNeural, rate as a signed percentage', async () => {
    await post(server.url, '/api/tts', { text: '一', gender: 'male', rate: 25 });
    expect(edge.received.ssml.at(-1)).toMatchObject({ voice: 'ja-JP-KeitaNeural', rate: '+25%' });
    await post(server.url, '/api/tts', { text: '二', gender: 'female', rate: -30 });
    expect(edge.received.ssml.at(-1)).toMatchObject({ voice: 'ja-JP-NanamiNeural', rate: '-30%' });
    await post(server.url, '/api/tts', { text: '三', rate: 500 });
    expect(edge.received.ssml.at(-1)?.rate).toBe('+100%');
  });

  it('edge: the text is XML-escaped inside the SSML', async () => {
    const res = await post(server.url, '/api/tts', { text: `<b>"猫" & '犬'</b>` });
    expect(res.status).toBe(200);
    expect(edge.received.ssml.at(-1)?.body).toBe('&lt;b&gt;&quot;猫&quot; &amp; &apos;犬&apos;&lt;/b&gt;');
    expect(edge.received.ssml.at(-1)?.ssml).not.toContain('<b>');
  });

  it('gemini: default voice Kore, the configured key, PCM wrapped as WAV', async () => {
    const res = await post(server.url, '/api/tts', { text: 'こんにちは', provider: 'gemini' });
    expect(res.status).toBe(200);
    expect((res.json as Audio).mimeType).toBe('audio/wav');
    const sent = gemini.requests.at(-1)!;
    expect(sent).toMatchObject({ voice: 'Kore', text: 'こんにちは', apiKey: FAKE_GEMINI_KEY });
    const wav = audioOf(res);
    const pcm = samplePcm();
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1); // integer PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(24_000); // from `rate=24000` in the mime type
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(pcm.length);
    expect(wav.subarray(44).equals(pcm)).toBe(true);
  });

  it('gemini: each listed voice is used', async () => {
    for (const voice of ['Kore', 'Puck', 'Zephyr', 'Aoede', 'Leda', 'Charon']) {
      const res = await post(server.url, '/api/tts', { text: `声 ${voice}`, provider: 'gemini', voice });
      expect(res.status).toBe(200);
      expect(gemini.requests.at(-1)?.voice).toBe(voice);
    }
  });

  it.each(['Bogus', 'kore', 'ja-JP-NanamiNeural', 7])('gemini: voice %j outside the six → 400 with a Chinese message, no upstream call', async (voice) => {
    const before = gemini.requests.length;
    const res = await post(server.url, '/api/tts', { text: '声 bogus', provider: 'gemini', voice });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(errorBody('不支持的语音，voice 应为 Kore、Puck、Zephyr、Aoede、Leda、Charon 之一'));
    expect(gemini.requests.length).toBe(before);
  });

  it('text over 5,000 characters → 400 (the cap tts.speak has), no upstream call; exactly 5,000 is spoken', async () => {
    const before = edge.received.ssml.length + gemini.requests.length;
    for (const provider of ['edge', 'gemini']) {
      const res = await post(server.url, '/api/tts', { text: '猫'.repeat(TTS_MAX_TEXT_CHARS + 1), provider });
      expect(res.status).toBe(400);
      expect(res.json).toEqual(errorBody(`参数 text 过长，最多 ${TTS_MAX_TEXT_CHARS} 个字符`));
    }
    expect(edge.received.ssml.length + gemini.requests.length).toBe(before);
    expect(TTS_MAX_TEXT_CHARS).toBe(5_000);
    expect((await post(server.url, '/api/tts', { text: '猫'.repeat(TTS_MAX_TEXT_CHARS), provider: 'gemini' })).status).toBe(200);
  });

  it('gemini: audio that is already WAV passes through', async () => {
    gemini.configure({ mode: { kind: 'wav' } });
    const res = await post(server.url, '/api/tts', { text: 'すでにWAV', provider: 'gemini' });
    expect(audioOf(res).equals(sampleWav())).toBe(true);
    expect((res.json as Audio).mimeType).toBe('audio/wav');
  });

  it('gemini: the caller’s Bearer key wins', async () => {
    const res = await post(server.url, '/api/tts', { text: '鍵', provider: 'gemini' }, { Authorization: 'Bearer wrong-key' });
    expect(gemini.requests.at(-1)?.apiKey).toBe('wrong-key');
    expect(res.status).toBe(400); // Google answers a bad key with 400; the status is kept
    expect(res.json).toEqual(errorBody('API key not valid. Please pass a valid API key.'));
  });

  it.each([
    [429, 'Resource has been exhausted (e.g. check quota).'],
    [500, 'Internal error encountered.'],
    [403, 'The caller does not have permission'],
  ])('gemini: upstream %i keeps its status and message', async (status, message) => {
    gemini.configure({ mode: { kind: 'error', status, message } });
    const res = await post(server.url, '/api/tts', { text: `失敗 ${status}`, provider: 'gemini' });
    expect(res.status).toBe(status);
    expect(res.json).toEqual(errorBody(message));
  });

  it.each(['azure', 'openrouter', 'EDGE', 3])('unknown provider %j → 400', async (provider) => {
    const before = edge.received.ssml.length + gemini.requests.length;
    const res = await post(server.url, '/api/tts', { text: '猫', provider });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(errorBody(APP_MESSAGES.unsupportedTtsProvider));
    expect(edge.received.ssml.length + gemini.requests.length).toBe(before);
  });
});

describe('gemini without a key', () => {
  it('→ 401 with the fixed message, no upstream call', async () => {
    const gemini = await startFakeGeminiTts();
    const server = await startTestServer({ GEMINI_NATIVE_API_URL: gemini.baseUrl });
    try {
      const res = await post(server.url, '/api/tts', { text: '猫', provider: 'gemini' });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(errorBody(SEED_MESSAGES.missingKey));
      expect(gemini.requests).toHaveLength(0);
    } finally {
      await server.close();
      await gemini.close();
    }
  });
});

describe('TTS time limit (UPSTREAM_TIMEOUT_MS)', () => {
  it('a silent Edge or Gemini service → 504 with the fixed message', async () => {
    const edge = await startFakeEdgeTts({ neverAnswer: true });
    const gemini = await startFakeGeminiTts({ mode: { kind: 'hang' } });
    const server = await startTestServer({
      EDGE_TTS_URL: edge.url,
      GEMINI_NATIVE_API_URL: gemini.baseUrl,
      GEMINI_API_KEY: FAKE_GEMINI_KEY,
      UPSTREAM_TIMEOUT_MS: '300',
    });
    try {
      for (const provider of ['edge', 'gemini']) {
        const res = await post(server.url, '/api/tts', { text: '待って', provider });
        expect(res.status, provider).toBe(504);
        expect(res.json).toEqual(errorBody(SEED_MESSAGES.upstreamTimeout));
      }
      // The held Gemini request was given up, not left open.
      await expect.poll(() => gemini.pending(), { timeout: 1_000 }).toBe(0);
    } finally {
      await server.close();
      await edge.close();
      await gemini.close();
    }
  });
});

describe('audio cache', () => {
  it('answers a repeated request with the upstreams stopped; each voice/rate is its own entry', async () => {
    const edge = await startFakeEdgeTts();
    const gemini = await startFakeGeminiTts();
    const server = await startTestServer({ EDGE_TTS_URL: edge.url, GEMINI_NATIVE_API_URL: gemini.baseUrl, GEMINI_API_KEY: FAKE_GEMINI_KEY });
    try {
      const variants: Array<Record<string, unknown>> = [
        { text: '今日は晴れ' },
        { text: '今日は晴れ', rate: 20 },
        { text: '今日は晴れ', gender: 'male' },
        { text: '今日は晴れ', provider: 'gemini' },
        { text: '今日は晴れ', provider: 'gemini', voice: 'Puck' },
      ];
      const first: Buffer[] = [];
      for (const v of variants) {
        const res = await post(server.url, '/api/tts', v);
        expect(res.status).toBe(200);
        first.push(audioOf(res));
      }
      // Every variant went to the network: none was served from another's entry.
      expect(edge.received.ssml).toHaveLength(3);
      expect(gemini.requests).toHaveLength(2);
      expect(new Set(first.slice(0, 3).map((b) => b.toString('base64'))).size).toBe(3);

      await edge.close();
      await gemini.close();

      for (const [i, v] of variants.entries()) {
        const res = await post(server.url, '/api/tts', v);
        expect(res.status, JSON.stringify(v)).toBe(200);
        expect(audioOf(res).equals(first[i]!)).toBe(true);
        expect((res.json as Audio).mimeType).toBe(i < 3 ? 'audio/mpeg' : 'audio/wav');
      }
      // Surrounding whitespace does not make a new entry either.
      expect((await post(server.url, '/api/tts', { text: '  今日は晴れ\n' })).status).toBe(200);

      // Something not cached needs the (stopped) network and fails instead of reusing an entry.
      const miss = await post(server.url, '/api/tts', { text: '今日は晴れ', rate: 21 });
      expect(miss.status).toBeGreaterThanOrEqual(500);
      expect((miss.json as { error: { message: string } }).error.message).toEqual(expect.any(String));
    } finally {
      await server.close();
      await edge.close().catch(() => undefined);
      await gemini.close().catch(() => undefined);
    }
  });
});
