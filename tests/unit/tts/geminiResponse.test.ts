import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/result';
import { audioFromResponse, geminiTtsBody, geminiTtsUrl } from '../../../electron/core/tts/geminiTts';

const part = (mimeType: string, data: Buffer) => ({ inlineData: { mimeType, data: data.toString('base64') } });
const response = (...parts: unknown[]) => ({ candidates: [{ content: { parts }, finishReason: 'STOP' }] });

function thrown(f: () => unknown): AppError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error('did not throw');
}

describe('geminiTtsBody / url', () => {
  it('asks for the AUDIO modality with the prebuilt voice', () => {
    expect(geminiTtsBody('猫', 'Puck')).toEqual({
      contents: [{ parts: [{ text: '猫' }] }],
      generationConfig: {
        responseModalities: ['AUDIO'],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } },
      },
    });
  });

  it('joins base and model', () => {
    expect(geminiTtsUrl('https://g.test/v1beta/', 'm-tts')).toBe('https://g.test/v1beta/models/m-tts:generateContent');
  });
});

describe('audioFromResponse', () => {
  it('wraps PCM as WAV using the rate from the mime type', () => {
    const pcm = Buffer.alloc(8, 1);
    const out = audioFromResponse(response(part('audio/L16;codec=pcm;rate=16000', pcm)));
    expect(out.mimeType).toBe('audio/wav');
    expect(out.audio.readUInt32LE(24)).toBe(16000);
    expect(out.audio.subarray(44)).toEqual(pcm);
  });

  it('joins several PCM parts in order', () => {
    const out = audioFromResponse(response(part('audio/L16;rate=24000', Buffer.from([1, 2])), part('audio/L16;rate=24000', Buffer.from([3, 4]))));
    expect(out.audio.subarray(44)).toEqual(Buffer.from([1, 2, 3, 4]));
  });

  it('passes WAV and other audio through unchanged', () => {
    const wav = Buffer.from('RIFF....WAVE');
    expect(audioFromResponse(response(part('audio/x-wav', wav)))).toEqual({ audio: wav, mimeType: 'audio/x-wav' });
    expect(audioFromResponse(response(part('audio/mpeg', Buffer.from([9]))))).toEqual({ audio: Buffer.from([9]), mimeType: 'audio/mpeg' });
  });

  it('no audio part: upstream_error with the finish reason', () => {
    const e = thrown(() => audioFromResponse({ candidates: [{ content: { parts: [{ text: 'hi' }] }, finishReason: 'OTHER' }] }));
    expect(e.data).toMatchObject({ code: 'upstream_error', status: 502, message: '语音合成服务未返回音频。', details: { finishReason: 'OTHER' } });
    expect(thrown(() => audioFromResponse({ promptFeedback: { blockReason: 'SAFETY' } })).data.details).toEqual({ reason: 'no_audio', finishReason: 'SAFETY' });
  });

  it('malformed response and non-audio data are errors, not crashes', () => {
    expect(thrown(() => audioFromResponse({ candidates: 'x' })).data.code).toBe('upstream_error');
    expect(thrown(() => audioFromResponse(null)).data.code).toBe('upstream_error');
    expect(thrown(() => audioFromResponse(response({ inlineData: { mimeType: 3, data: 'x' } }))).data.code).toBe('upstream_error');
    expect(thrown(() => audioFromResponse(response(part('text/plain', Buffer.from('x'))))).data.message).toBe('上游返回了无效的响应');
  });
});
