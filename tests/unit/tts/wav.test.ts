import { describe, expect, it } from 'vitest';
import { isWavMime, parsePcmMime, pcmToWav, WAV_HEADER_BYTES } from '../../../electron/core/tts/wav';

describe('pcmToWav', () => {
  it('writes every field of the RIFF header for 24 kHz mono 16-bit', () => {
    const pcm = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const wav = pcmToWav(pcm, { sampleRate: 24000, channels: 1, bitsPerSample: 16 });
    expect(wav.length).toBe(WAV_HEADER_BYTES + 10);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(36 + 10);
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.toString('ascii', 12, 16)).toBe('fmt ');
    expect(wav.readUInt32LE(16)).toBe(16);
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(24000);
    expect(wav.readUInt32LE(28)).toBe(48000);
    expect(wav.readUInt16LE(32)).toBe(2);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(10);
    expect(wav.subarray(44)).toEqual(pcm);
  });

  it('computes byte rate and block align for stereo 44.1 kHz', () => {
    const wav = pcmToWav(Buffer.alloc(16), { sampleRate: 44100, channels: 2, bitsPerSample: 16 });
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(24)).toBe(44100);
    expect(wav.readUInt32LE(28)).toBe(44100 * 4);
    expect(wav.readUInt16LE(32)).toBe(4);
  });

  it('drops a trailing partial sample so the data is whole frames', () => {
    const wav = pcmToWav(Buffer.from([1, 2, 3]), { sampleRate: 24000, channels: 1, bitsPerSample: 16 });
    expect(wav.readUInt32LE(40)).toBe(2);
    expect(wav.readUInt32LE(4)).toBe(38);
    expect(wav.length).toBe(46);
  });

  it('accepts empty PCM and refuses impossible formats', () => {
    expect(pcmToWav(Buffer.alloc(0), { sampleRate: 8000, channels: 1, bitsPerSample: 8 }).length).toBe(44);
    expect(() => pcmToWav(Buffer.alloc(2), { sampleRate: 0, channels: 1, bitsPerSample: 16 })).toThrow(RangeError);
    expect(() => pcmToWav(Buffer.alloc(2), { sampleRate: 24000, channels: 0, bitsPerSample: 16 })).toThrow(RangeError);
    expect(() => pcmToWav(Buffer.alloc(2), { sampleRate: 24000, channels: 1, bitsPerSample: 12 })).toThrow(RangeError);
  });
});

describe('parsePcmMime', () => {
  it("reads Gemini's form", () => {
    expect(parsePcmMime('audio/L16;codec=pcm;rate=24000')).toEqual({ sampleRate: 24000, channels: 1, bitsPerSample: 16 });
  });

  it('reads rate and channels in any case, order and spacing', () => {
    expect(parsePcmMime('Audio/l16; Channels=2 ; RATE="16000"')).toEqual({ sampleRate: 16000, channels: 2, bitsPerSample: 16 });
    expect(parsePcmMime('audio/L24;rate=48000')).toEqual({ sampleRate: 48000, channels: 1, bitsPerSample: 24 });
  });

  it('defaults to 24000 Hz mono and ignores nonsense values', () => {
    expect(parsePcmMime('audio/L16')).toEqual({ sampleRate: 24000, channels: 1, bitsPerSample: 16 });
    expect(parsePcmMime('audio/L16;rate=abc;channels=0;rate=-5')).toEqual({ sampleRate: 24000, channels: 1, bitsPerSample: 16 });
    expect(parsePcmMime('audio/pcm;rate=22050')).toEqual({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
  });

  it('returns null for anything that is not raw PCM', () => {
    expect(parsePcmMime('audio/wav')).toBeNull();
    expect(parsePcmMime('audio/mpeg')).toBeNull();
    expect(parsePcmMime('')).toBeNull();
  });
});

describe('isWavMime', () => {
  it('knows the WAV spellings', () => {
    expect(isWavMime('audio/wav')).toBe(true);
    expect(isWavMime('audio/x-wav')).toBe(true);
    expect(isWavMime('AUDIO/WAV; codecs=1')).toBe(true);
    expect(isWavMime('audio/L16;rate=24000')).toBe(false);
    expect(isWavMime('audio/mpeg')).toBe(false);
  });
});
