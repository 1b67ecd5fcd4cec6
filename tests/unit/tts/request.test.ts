import { describe, expect, it } from 'vitest';
import { DEFAULT_GEMINI_TTS_MODEL, TTS_MAX_TEXT_CHARS } from '../../../shared/catalog';
import { AppError } from '../../../shared/result';
import { normalizeTtsRequest, synthesize, toAudioResult, ttsCacheKeyParts } from '../../../electron/core/tts';
import { rejection } from '../../support/appError';

const deps = { edgeTtsUrl: 'ws://127.0.0.1:9/unused', geminiNativeApiUrl: 'http://127.0.0.1:9/unused' };

describe('normalizeTtsRequest', () => {
  it('defaults to edge, female, rate 0', () => {
    expect(normalizeTtsRequest({ text: 'こんにちは' })).toEqual({
      provider: 'edge',
      text: 'こんにちは',
      gender: 'female',
      voice: 'ja-JP-NanamiNeural',
      rate: 0,
    });
  });

  it('maps male to Keita, anything else to Nanami, and clamps the rate', () => {
    expect(normalizeTtsRequest({ provider: 'edge', text: 'a', gender: 'male', rate: 150 })).toMatchObject({
      voice: 'ja-JP-KeitaNeural',
      rate: 100,
    });
    expect(normalizeTtsRequest({ provider: 'edge', text: 'a', gender: 'robot', rate: -20.6 })).toMatchObject({
      gender: 'female',
      voice: 'ja-JP-NanamiNeural',
      rate: -21,
    });
  });

  it('gemini: known voice kept, no voice becomes Kore, model defaults', () => {
    expect(normalizeTtsRequest({ provider: 'gemini', text: 'a', voice: 'Puck' })).toEqual({
      provider: 'gemini',
      text: 'a',
      voice: 'Puck',
      model: DEFAULT_GEMINI_TTS_MODEL,
    });
    expect(normalizeTtsRequest({ provider: 'gemini', text: 'a' })).toMatchObject({ voice: 'Kore' });
    expect(normalizeTtsRequest({ provider: 'gemini', text: 'a', voice: null })).toMatchObject({ voice: 'Kore' });
    expect(normalizeTtsRequest({ provider: 'gemini', text: 'a', model: 'gemini-2.5-pro-preview-tts' })).toMatchObject({
      model: 'gemini-2.5-pro-preview-tts',
    });
    expect(normalizeTtsRequest({ provider: 'gemini', text: 'a', model: '../../x?y' })).toMatchObject({
      model: DEFAULT_GEMINI_TTS_MODEL,
    });
  });

  it('refuses other providers with the fixed message', () => {
    const e = (() => {
      try {
        normalizeTtsRequest({ provider: 'polly', text: 'a' });
      } catch (x) {
        return x;
      }
      return null;
    })();
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).data).toEqual({ code: 'bad_request', message: '不支持的语音合成服务', status: 400 });
  });

  it('gemini: refuses a voice outside the list (case counts) with a bad_request naming the six voices', () => {
    for (const voice of ['puck', 'Bogus', 42, '']) {
      const e = (() => {
        try {
          normalizeTtsRequest({ provider: 'gemini', text: 'a', voice });
        } catch (x) {
          return x;
        }
        return null;
      })();
      expect(e, String(voice)).toBeInstanceOf(AppError);
      expect((e as AppError).data).toEqual({ code: 'bad_request', message: '不支持的语音，voice 应为 Kore、Puck、Zephyr、Aoede、Leda、Charon 之一', status: 400 });
    }
  });

  it('refuses text over TTS_MAX_TEXT_CHARS characters, accepts exactly that many', () => {
    expect(normalizeTtsRequest({ text: 'あ'.repeat(TTS_MAX_TEXT_CHARS) }).text).toHaveLength(TTS_MAX_TEXT_CHARS);
    expect(() => normalizeTtsRequest({ text: 'あ'.repeat(TTS_MAX_TEXT_CHARS + 1) })).toThrow(`参数 text 过长，最多 ${TTS_MAX_TEXT_CHARS} 个字符`);
  });

  it('refuses empty or missing text', () => {
    expect(() => normalizeTtsRequest({ text: '   ' })).toThrow(AppError);
    expect(() => normalizeTtsRequest({ text: 42 })).toThrow('缺少必填参数：text');
  });
});

describe('ttsCacheKeyParts', () => {
  it('edge: provider, the voice the gender selects, rate and text; no model', () => {
    expect(ttsCacheKeyParts({ text: ' 猫 ', gender: 'male', rate: 300, model: 'ignored' })).toEqual({
      provider: 'edge',
      voice: 'ja-JP-KeitaNeural',
      rate: 100,
      model: null,
      text: '猫',
    });
  });

  it('gemini: provider, voice, model and text; rate does not change the audio', () => {
    const a = ttsCacheKeyParts({ provider: 'gemini', text: '猫', rate: 10 });
    const b = ttsCacheKeyParts({ provider: 'gemini', text: '猫', rate: 50, voice: 'Kore' });
    expect(a).toEqual({ provider: 'gemini', voice: 'Kore', rate: null, model: DEFAULT_GEMINI_TTS_MODEL, text: '猫' });
    expect(b).toEqual(a);
  });

  it('normalizes Unicode so the same visible text is one entry', () => {
    expect(ttsCacheKeyParts({ text: 'か\u3099' }).text).toBe('が');
  });
});

describe('synthesize refusals before any network', () => {
  it('gemini without a key: missing_key, 401, the fixed message', async () => {
    const e = await rejection(synthesize({ provider: 'gemini', text: 'a' }, { ...deps, geminiApiKey: '  ' }));
    expect(e.data).toEqual({
      code: 'missing_key',
      message: '未提供API密钥，请在设置中配置API密钥或联系管理员配置服务器密钥',
      status: 401,
    });
  });

  it('unknown provider', async () => {
    const e = await rejection(synthesize({ provider: 'azure', text: 'a' }, deps));
    expect(e.data.status).toBe(400);
    expect(e.data.message).toBe('不支持的语音合成服务');
  });
});

describe('toAudioResult', () => {
  it('base64-encodes the audio for the /api/tts response', () => {
    expect(toAudioResult({ audio: Buffer.from([0xff, 0xf3, 0x00]), mimeType: 'audio/mpeg' })).toEqual({ audio: '//MA', mimeType: 'audio/mpeg' });
  });
});
