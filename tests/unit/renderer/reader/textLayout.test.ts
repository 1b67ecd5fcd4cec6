import { describe, expect, it } from 'vitest';
import { docIdFor } from '../../../../renderer/src/reader/docId';
import { clampContext, sentenceAround, speechChunks, splitSentences } from '../../../../renderer/src/reader/sentences';
import { blockAtY, estimateHeight, prefixOffsets, visibleRange } from '../../../../renderer/src/reader/virtualWindow';

describe('sentences', () => {
  const text = '「雨だ！」と彼は言った。今日は寒い。\n明日は晴れ？';
  it('finds the sentence around a word, closing quotes included', () => {
    const at = text.indexOf('彼');
    expect(text.slice(...Object.values(sentenceAround(text, at)) as [number, number])).toBe('と彼は言った。');
    expect(text.slice(...Object.values(sentenceAround(text, 1)) as [number, number])).toBe('「雨だ！」');
    const tomorrow = text.indexOf('明日');
    expect(text.slice(...Object.values(sentenceAround(text, tomorrow)) as [number, number])).toBe('明日は晴れ？');
  });
  it('splits a text into its sentences and speech pieces', () => {
    expect(splitSentences(text).map((r) => text.slice(r.start, r.end))).toEqual(['「雨だ！」', 'と彼は言った。', '今日は寒い。', '明日は晴れ？']);
    expect(speechChunks(text, 12)).toEqual(['「雨だ！」と彼は言った。', '今日は寒い。明日は晴れ？']);
    expect(speechChunks('あ'.repeat(25), 10)).toEqual(['あ'.repeat(10), 'あ'.repeat(10), 'あ'.repeat(5)]);
    expect(speechChunks('  \n ')).toEqual([]);
  });
  it('clamps a long context around the word', () => {
    const r = clampContext('x'.repeat(20_000), { start: 0, end: 20_000 }, { start: 10_000, end: 10_002 }, 5_000);
    expect(r.end - r.start).toBe(5_000);
    expect(r.start).toBeLessThanOrEqual(10_000);
    expect(r.end).toBeGreaterThanOrEqual(10_002);
  });
});

describe('virtual window arithmetic', () => {
  const offsets = prefixOffsets([10, 20, 30, 40]);
  it('builds prefix offsets and finds blocks by y', () => {
    expect(offsets).toEqual([0, 10, 30, 60, 100]);
    expect(blockAtY(offsets, 0)).toBe(0);
    expect(blockAtY(offsets, 10)).toBe(1);
    expect(blockAtY(offsets, 59)).toBe(2);
    expect(blockAtY(offsets, 500)).toBe(3);
  });
  it('renders only what is in the viewport plus overscan', () => {
    expect(visibleRange(offsets, 30, 20, 0)).toEqual({ first: 2, last: 2 });
    expect(visibleRange(offsets, 30, 20, 15)).toEqual({ first: 1, last: 3 });
    expect(visibleRange(prefixOffsets([]), 0, 100, 0)).toEqual({ first: 0, last: -1 });
  });
  it('estimates heights from characters per line', () => {
    expect(estimateHeight(100, false, 40, 48, 6)).toBe(3 * 48 + 6);
    expect(estimateHeight(0, false, 40, 48, 6)).toBe(54);
    expect(estimateHeight(0, true, 40, 48, 6)).toBe(24);
  });
});

describe('docIdFor', () => {
  it('is stable for the same text and differs otherwise', () => {
    expect(docIdFor('猫\r\nが')).toBe(docIdFor(' 猫\nが '));
    expect(docIdFor('猫')).not.toBe(docIdFor('犬'));
  });
});
