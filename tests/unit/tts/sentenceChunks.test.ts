import { describe, expect, it } from 'vitest';
import { chunkText, splitSentences } from '../../../electron/core/tts/sentenceChunks';

const bytes = (s: string): number => Buffer.byteLength(s);

describe('splitSentences', () => {
  it('cuts after sentence ends and keeps closing quotes with their sentence', () => {
    expect(splitSentences('今日は晴れ。「本当？」と聞いた！そうか')).toEqual(['今日は晴れ。', '「本当？」', 'と聞いた！', 'そうか']);
  });

  it('keeps a run of end marks together and splits at newlines', () => {
    expect(splitSentences('えっ？！本当…\n次の行')).toEqual(['えっ？！', '本当…\n', '次の行']);
  });

  it('handles empty text', () => {
    expect(splitSentences('')).toEqual([]);
  });
});

describe('chunkText', () => {
  const text = '一つ目の文です。二つ目の文です。三つ目の文はもう少し長いです。四つ目。';

  it('returns short text as one chunk', () => {
    expect(chunkText(text, 4096)).toEqual([text]);
  });

  it('packs whole sentences under the limit and rebuilds the text exactly', () => {
    const chunks = chunkText(text, 60);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(text);
    for (const c of chunks) {
      expect(bytes(c)).toBeLessThanOrEqual(60);
      expect(c.endsWith('。')).toBe(true);
    }
  });

  it('cuts an overlong sentence at commas, then anywhere', () => {
    const long = 'あいうえお、かきくけこ、さしすせそ、たちつてと。';
    const chunks = chunkText(long, 36); // 12 characters of 3 bytes
    expect(chunks.join('')).toBe(long);
    expect(chunks[0]).toBe('あいうえお、かきくけこ、');
    for (const c of chunks) expect(bytes(c)).toBeLessThanOrEqual(36);

    const noBreaks = 'あ'.repeat(25);
    const hard = chunkText(noBreaks, 30);
    expect(hard).toEqual(['あ'.repeat(10), 'あ'.repeat(10), 'あ'.repeat(5)]);
  });

  it('never splits a surrogate pair', () => {
    const emoji = '😀'.repeat(5); // 4 bytes each
    const chunks = chunkText(emoji, 9);
    expect(chunks).toEqual(['😀😀', '😀😀', '😀']);
  });

  it('measures with the given cost function (escaped size)', () => {
    const chunks = chunkText('&&&&。&&&&。', 25, (s) => bytes(s.replace(/&/g, '&amp;')));
    expect(chunks).toEqual(['&&&&。', '&&&&。']);
  });

  it('refuses a limit smaller than one character', () => {
    expect(() => chunkText('あ', 2)).toThrow(RangeError);
  });
});
