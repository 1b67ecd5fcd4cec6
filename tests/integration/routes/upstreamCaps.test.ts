/** /api answers 502 with a Chinese message when an upstream body passes its cap, and stops reading it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_GEMINI_KEY, startFakeGeminiTts, type FakeGeminiTts } from '../../fakes/geminiTts';
import { errorBody, post, startRoutesEnv, type RoutesEnv } from '../../support/routesHarness';

describe('upstream bodies past their cap', () => {
  let env: RoutesEnv;
  let gemini: FakeGeminiTts;
  beforeAll(async () => {
    gemini = await startFakeGeminiTts();
    env = await startRoutesEnv({ env: { GEMINI_NATIVE_API_URL: gemini.baseUrl, GEMINI_API_KEY: FAKE_GEMINI_KEY } });
  });
  afterAll(async () => {
    await env.close();
    await gemini.close();
  });

  it.each([
    ['an endless JSON body', undefined],
    ['a gzip body inflating without end', 'gzip' as const],
  ])('/api/translate, %s → 502 with the message, upstream connection cut', async (_name, encoding) => {
    env.gw.script({ kind: 'flood', encoding });
    const res = await post(env.url, '/api/translate', { text: '猫' });
    expect(res.status).toBe(502);
    expect(res.json).toEqual(errorBody('上游响应过大（超过 16 MiB），已停止读取'));
    expect((await env.gw.floods.at(-1)!).cutByClient).toBe(true);
    // The next call is served as usual.
    expect((await post(env.url, '/api/translate', { text: '犬' })).status).toBe(200);
  });

  it('/api/tts with Gemini audio that does not stop → 502 with the message', async () => {
    gemini.configure({ mode: { kind: 'flood', encoding: 'gzip' } });
    const res = await post(env.url, '/api/tts', { text: '長い音声', provider: 'gemini' });
    expect(res.status).toBe(502);
    expect(res.json).toEqual(errorBody('上游响应过大（超过 32 MiB），已停止读取'));
    expect((await gemini.floods.at(-1)!).cutByClient).toBe(true);
  });
});
