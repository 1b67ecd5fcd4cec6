/** Raw PCM → WAV (RIFF) and the PCM mime types Gemini answers with. */

export interface PcmFormat {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

export const WAV_HEADER_BYTES = 44;

/**
 * Wraps little-endian signed PCM in a canonical 44-byte RIFF/WAVE header. A trailing
 * partial sample frame is dropped so the data length is a whole number of frames.
 */
export function pcmToWav(pcm: Buffer, { sampleRate, channels, bitsPerSample }: PcmFormat): Buffer {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError(`invalid sample rate ${sampleRate}`);
  if (!Number.isInteger(channels) || channels <= 0 || channels > 0xffff) throw new RangeError(`invalid channel count ${channels}`);
  if (![8, 16, 24, 32].includes(bitsPerSample)) throw new RangeError(`invalid bits per sample ${bitsPerSample}`);
  const blockAlign = channels * (bitsPerSample / 8);
  const dataLength = pcm.length - (pcm.length % blockAlign);
  if (dataLength + WAV_HEADER_BYTES - 8 > 0xffffffff) throw new RangeError('PCM too long for a WAV file');

  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(dataLength + WAV_HEADER_BYTES - 8, 4); // size of everything after this field
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size for plain PCM
  header.writeUInt16LE(1, 20); // format 1 = integer PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28); // byte rate
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataLength, 40);
  return Buffer.concat([header, pcm.subarray(0, dataLength)]);
}

const PCM_TYPES: Record<string, number> = {
  'audio/l8': 8,
  'audio/l16': 16,
  'audio/l24': 24,
  'audio/pcm': 16,
};

/**
 * Reads `audio/L16;codec=pcm;rate=24000` (Gemini's form) into a PCM format, or null when
 * the mime type is not raw PCM. Gemini's "L16" samples are little-endian in practice, which
 * is what WAV wants, so no byte swapping follows. Defaults: 24000 Hz, mono.
 */
export function parsePcmMime(mime: string): PcmFormat | null {
  const [type = '', ...params] = mime.split(';').map((p) => p.trim());
  const bits = PCM_TYPES[type.toLowerCase()];
  if (bits === undefined) return null;
  const format: PcmFormat = { sampleRate: 24000, channels: 1, bitsPerSample: bits };
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    const value = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0) continue;
    if (name === 'rate') format.sampleRate = n;
    else if (name === 'channels') format.channels = n;
  }
  return format;
}

export function isWavMime(mime: string): boolean {
  const type = (mime.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'audio/wav' || type === 'audio/x-wav' || type === 'audio/wave' || type === 'audio/vnd.wave';
}
