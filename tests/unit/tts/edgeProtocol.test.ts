import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildEdgeUrl,
  edgeTimestamp,
  parseBinaryFrame,
  parseTextFrame,
  secMsGec,
  SEC_MS_GEC_VERSION,
  speechConfigMessage,
  ssmlMessage,
  TRUSTED_CLIENT_TOKEN,
} from '../../../electron/core/tts/edgeTts';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex').toUpperCase();

describe('Sec-MS-GEC', () => {
  // 2024-01-01T00:02:30Z rounds down to 00:00:00 = 13348540800 s after 1601-01-01.
  const at = Date.UTC(2024, 0, 1, 0, 2, 30);

  it('hashes the Windows file time rounded to five minutes with the token', () => {
    expect(secMsGec(at)).toBe(sha(`133485408000000000${TRUSTED_CLIENT_TOKEN}`));
    expect(secMsGec(at)).toMatch(/^[0-9A-F]{64}$/);
    // 00:07:30 rounds to 00:05:00, not to a ten-minute or hour mark.
    expect(secMsGec(Date.UTC(2024, 0, 1, 0, 7, 30))).toBe(sha(`133485411000000000${TRUSTED_CLIENT_TOKEN}`));
  });

  it('is stable inside a five-minute window and changes at its edge', () => {
    const windowStart = Date.UTC(2024, 0, 1, 0, 0, 0);
    expect(secMsGec(windowStart)).toBe(secMsGec(at));
    expect(secMsGec(windowStart + 299_999)).toBe(secMsGec(at));
    expect(secMsGec(windowStart + 300_000)).toBe(sha(`133485411000000000${TRUSTED_CLIENT_TOKEN}`));
    expect(secMsGec(windowStart - 1)).not.toBe(secMsGec(at));
  });
});

describe('buildEdgeUrl', () => {
  it('adds token, Sec-MS-GEC, its version and the connection id, keeping the base', () => {
    const url = new URL(buildEdgeUrl('wss://example.test/edge/v1?keep=1', Date.UTC(2024, 0, 1), 'a'.repeat(32)));
    expect(url.origin + url.pathname).toBe('wss://example.test/edge/v1');
    expect(url.searchParams.get('keep')).toBe('1');
    expect(url.searchParams.get('TrustedClientToken')).toBe(TRUSTED_CLIENT_TOKEN);
    expect(url.searchParams.get('Sec-MS-GEC')).toBe(secMsGec(Date.UTC(2024, 0, 1)));
    expect(url.searchParams.get('Sec-MS-GEC-Version')).toBe(SEC_MS_GEC_VERSION);
    expect(SEC_MS_GEC_VERSION).toMatch(/^1-\d+\.\d+\.\d+\.\d+$/);
    expect(url.searchParams.get('ConnectionId')).toBe('a'.repeat(32));
  });
});

describe('messages', () => {
  const at = Date.UTC(2024, 6, 9, 3, 4, 5);

  it('formats timestamps like the browser', () => {
    expect(edgeTimestamp(at)).toBe('Tue Jul 09 2024 03:04:05 GMT+0000 (Coordinated Universal Time)');
  });

  it('speech.config asks for 24 kHz MP3', () => {
    const frame = parseTextFrame(speechConfigMessage(at));
    expect(frame.headers.get('path')).toBe('speech.config');
    expect(frame.headers.get('x-timestamp')).toBe(edgeTimestamp(at));
    expect(frame.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = JSON.parse(frame.body.toString()) as { context: { synthesis: { audio: { outputFormat: string } } } };
    expect(body.context.synthesis.audio.outputFormat).toBe('audio-24khz-48kbitrate-mono-mp3');
  });

  it('ssml message carries request id, timestamp and the document', () => {
    const text = ssmlMessage('f'.repeat(32), '<speak/>', at);
    expect(text).toBe(
      `X-RequestId:${'f'.repeat(32)}\r\nContent-Type:application/ssml+xml\r\nX-Timestamp:${edgeTimestamp(at)}Z\r\nPath:ssml\r\n\r\n<speak/>`,
    );
  });
});

describe('frame parsing', () => {
  it('splits a binary frame at the big-endian header length', () => {
    const head = Buffer.from('X-RequestId:abc\r\nContent-Type:audio/mpeg\r\nPath:audio\r\n');
    const len = Buffer.alloc(2);
    len.writeUInt16BE(head.length);
    const frame = parseBinaryFrame(Buffer.concat([len, head, Buffer.from([0xff, 0xf3, 0x01])]));
    expect(frame?.headers.get('path')).toBe('audio');
    expect(frame?.headers.get('content-type')).toBe('audio/mpeg');
    expect(frame?.body).toEqual(Buffer.from([0xff, 0xf3, 0x01]));
  });

  it('rejects truncated frames', () => {
    expect(parseBinaryFrame(Buffer.from([0]))).toBeNull();
    expect(parseBinaryFrame(Buffer.from([0, 10, 65]))).toBeNull();
  });

  it('reads text frame headers case-insensitively', () => {
    const frame = parseTextFrame('X-RequestId:1\r\nPath:turn.end\r\n\r\n{}');
    expect(frame.headers.get('path')).toBe('turn.end');
    expect(frame.body.toString()).toBe('{}');
  });
});
