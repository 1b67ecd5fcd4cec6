import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { synthesizeGemini } from '../../../electron/core/tts/geminiTts';
import { FAKE_GEMINI_KEY, sampleWav, samplePcm, startFakeGeminiTts, type FakeGeminiTts } from '../../fakes/geminiTts';
import { rejection } from '../../support/appError';

let fake: FakeGeminiTts;

beforeEach(async () => {
  fake = await startFakeGeminiTts();
});
afterEach(async () => {
  await fake.close();
});

const model = 'gemini-2.5-flash-preview-tts';
const base = () => ({ baseUrl: fake.baseUrl, apiKey: FAKE_GEMINI_KEY, model, voice: 'Kore', timeoutMs: 2000 });

describe('Gemini native TTS client against the fake API', () => {
  it('posts generateContent with the key header, modality and voice, and wraps PCM as WAV', async () => {
    const pcm = samplePcm(480);
    fake.configure({ mode: { kind: 'pcm', pcm } });
    const out = await synthesizeGemini('こんにちは', { ...base(), voice: 'Puck' });

    expect(out.mimeType).toBe('audio/wav');
    expect(out.audio.toString('ascii', 0, 4)).toBe('RIFF');
    expect(out.audio.readUInt32LE(24)).toBe(24000);
    expect(out.audio.readUInt16LE(22)).toBe(1);
    expect(out.audio.readUInt16LE(34)).toBe(16);
    expect(out.audio.readUInt32LE(40)).toBe(pcm.length);
    expect(out.audio.subarray(44)).toEqual(pcm);

    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: `/v1beta/models/${model}:generateContent`, model, apiKey: FAKE_GEMINI_KEY, text: 'こんにちは', voice: 'Puck' });
    expect(req?.body).toEqual({
      contents: [{ parts: [{ text: 'こんにちは' }] }],
      generationConfig: { responseModalities: ['AUDIO'], speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } } },
    });
  });

  it('uses the model it is given (a setting)', async () => {
    await synthesizeGemini('a', { ...base(), model: 'gemini-2.5-pro-preview-tts' });
    expect(fake.requests[0]?.model).toBe('gemini-2.5-pro-preview-tts');
  });

  it('reads the sample rate from the mime type', async () => {
    fake.configure({ mode: { kind: 'pcm', pcm: samplePcm(100), mimeType: 'audio/L16;codec=pcm;rate=16000' } });
    const out = await synthesizeGemini('a', base());
    expect(out.audio.readUInt32LE(24)).toBe(16000);
    expect(out.audio.readUInt32LE(28)).toBe(32000);
  });

  it('passes WAV through unchanged', async () => {
    const wav = sampleWav();
    fake.configure({ mode: { kind: 'wav', wav, mimeType: 'audio/x-wav' } });
    const out = await synthesizeGemini('a', base());
    expect(out).toEqual({ audio: wav, mimeType: 'audio/x-wav' });
  });

  it('keeps the upstream status and Google’s raw message', async () => {
    fake.configure({ mode: { kind: 'error', status: 500, message: 'Internal error encountered.' } });
    const e = await rejection(synthesizeGemini('a', base()));
    expect(e.data).toEqual({ code: 'upstream_error', status: 500, message: 'Internal error encountered.', details: { reason: 'refused', upstreamStatus: 'INTERNAL' } });
  });

  it('429 is rate_limited with Retry-After', async () => {
    fake.configure({ mode: { kind: 'error', status: 429, message: 'Resource has been exhausted (e.g. check quota).', headers: { 'retry-after': '7' } } });
    const e = await rejection(synthesizeGemini('a', base()));
    expect(e.data).toMatchObject({ code: 'rate_limited', status: 429, message: 'Resource has been exhausted (e.g. check quota).', retryAfterMs: 7000 });
  });

  it('403 is invalid_key; a wrong key (Google answers 400 API_KEY_INVALID) too, with status 400 kept', async () => {
    fake.configure({ mode: { kind: 'error', status: 403, message: 'Permission denied.' } });
    expect((await rejection(synthesizeGemini('a', base()))).data).toMatchObject({ code: 'invalid_key', status: 403, message: 'Permission denied.' });

    fake.configure({ mode: { kind: 'pcm' } });
    const e = await rejection(synthesizeGemini('a', { ...base(), apiKey: 'wrong' }));
    expect(e.data).toMatchObject({ code: 'invalid_key', status: 400, message: 'API key not valid. Please pass a valid API key.' });
    expect(fake.requests.at(-1)?.apiKey).toBe('wrong');
  });

  it('a non-JSON error body is forwarded as text', async () => {
    fake.configure({ mode: { kind: 'raw', status: 502, body: 'Bad Gateway from proxy' } });
    const e = await rejection(synthesizeGemini('a', base()));
    expect(e.data).toEqual({ code: 'upstream_error', status: 502, message: 'Bad Gateway from proxy', details: { reason: 'refused' } });
  });

  it('a 200 that is not JSON or has no audio is an upstream error', async () => {
    fake.configure({ mode: { kind: 'raw', status: 200, body: '<html>', contentType: 'text/html' } });
    expect((await rejection(synthesizeGemini('a', base()))).data).toMatchObject({ code: 'upstream_error', status: 502, message: '上游返回了无效的响应' });
    fake.configure({ mode: { kind: 'no-audio' } });
    expect((await rejection(synthesizeGemini('a', base()))).data).toMatchObject({ code: 'upstream_error', status: 502, message: '语音合成服务未返回音频。' });
  });

  it('times out with the fixed timeout message and drops the request', async () => {
    fake.configure({ mode: { kind: 'hang' } });
    const started = Date.now();
    const e = await rejection(synthesizeGemini('a', { ...base(), timeoutMs: 150 }));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(e.data).toEqual({ code: 'timeout', message: '上游接口请求超时，请稍后重试。', status: 504 });
    await expect.poll(() => fake.pending(), { timeout: 2000 }).toBe(0);
  });

  it('an abort cancels the request', async () => {
    fake.configure({ mode: { kind: 'hang' } });
    const controller = new AbortController();
    const pending = synthesizeGemini('a', { ...base(), timeoutMs: 5000, signal: controller.signal });
    await expect.poll(() => fake.pending(), { timeout: 2000 }).toBe(1);
    controller.abort();
    expect((await rejection(pending)).data.code).toBe('cancelled');
    await expect.poll(() => fake.pending(), { timeout: 2000 }).toBe(0);
  });

  it('an unreachable API is upstream_unavailable', async () => {
    const url = fake.baseUrl;
    await fake.close();
    const e = await rejection(synthesizeGemini('a', { ...base(), baseUrl: url }));
    expect(e.data).toMatchObject({ code: 'upstream_unavailable', status: 502, message: '无法连接上游服务' });
    fake = await startFakeGeminiTts();
  });
});
