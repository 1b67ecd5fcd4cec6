import { describe, expect, it } from 'vitest';
import { isWordToken } from '../../../../renderer/src/reader/placedToken';
import { checkPhrase, nextWordIndex, phraseText, remapSelection, selectionForClick, selectionSpan } from '../../../../renderer/src/reader/selection';
import { placed } from '../support/helpers';

// 猫が猫を見た。\n犬も見た。 — the same word twice is two tokens.
const text = '猫が猫を見た。\n犬も見た。';
const toks = placed('model', '猫/noun/ねこ', 'が/particle', '猫/noun/ねこ', 'を/particle', '見/verb/み', 'た/auxiliary', '。/punctuation', '\\n/linebreak', '犬/noun/いぬ', 'も/particle', '見/verb/み', 'た/auxiliary', '。/punctuation');

describe('word selection', () => {
  it('clicks pick one token by index, so equal words stay distinct', () => {
    expect(selectionForClick(toks, text, null, 0, false)).toEqual({ selection: { kind: 'word', index: 0 }, anchor: 0 });
    expect(selectionForClick(toks, text, null, 2, false)).toEqual({ selection: { kind: 'word', index: 2 }, anchor: 2 });
    expect(selectionSpan(toks, { kind: 'word', index: 2 })).toEqual({ start: 2, end: 3 });
  });
  it('ignores punctuation, line breaks and unanalysed text', () => {
    expect(selectionForClick(toks, text, null, 6, false)).toBeNull();
    expect(selectionForClick(toks, text, null, 7, false)).toBeNull();
    expect(isWordToken({ word: '猫', pos: 'noun', origin: 'plain' })).toBe(false);
    expect(isWordToken({ word: ' ', pos: 'other', origin: 'model' })).toBe(false);
  });
});

describe('phrase selection (Shift+click or drag)', () => {
  it('extends from the anchor, in either direction', () => {
    expect(selectionForClick(toks, text, 0, 3, true)).toEqual({ selection: { kind: 'phrase', first: 0, last: 3 }, anchor: 0 });
    expect(selectionForClick(toks, text, 4, 1, true)).toEqual({ selection: { kind: 'phrase', first: 1, last: 4 }, anchor: 4 });
    expect(phraseText(toks, 0, 3)).toBe('猫が猫を');
  });
  it('Shift+click without an anchor, or on the anchor, is a word click', () => {
    expect(selectionForClick(toks, text, null, 3, true)).toEqual({ selection: { kind: 'word', index: 3 }, anchor: 3 });
    expect(selectionForClick(toks, text, 3, 3, true)).toEqual({ selection: { kind: 'word', index: 3 }, anchor: 3 });
  });
  it('trims punctuation at the ends', () => {
    expect(checkPhrase(toks, text, 4, 6)).toEqual({ ok: true, first: 4, last: 5, words: 2 });
  });
  it('refuses a phrase across lines', () => {
    expect(checkPhrase(toks, text, 4, 9)).toEqual({ ok: false, reason: 'crossesLine' });
    expect(selectionForClick(toks, text, 4, 9, true)).toEqual({ error: 'crossesLine' });
  });
  it('needs 2 to 12 words', () => {
    expect(checkPhrase(toks, text, 5, 6)).toEqual({ ok: false, reason: 'single' });
    expect(checkPhrase(toks, text, 6, 7)).toEqual({ ok: false, reason: 'none' });
    const long = '一二三四五六七八九十百千万';
    const many = placed('model', ...[...long].map((c) => `${c}/number`));
    expect(checkPhrase(many, long, 0, 11)).toMatchObject({ ok: true, words: 12 });
    expect(checkPhrase(many, long, 0, 12)).toEqual({ ok: false, reason: 'tooMany' });
  });
});

describe('navigation', () => {
  it('moves between words, skipping punctuation and line breaks', () => {
    expect(nextWordIndex(toks, 5, 1)).toBe(8);
    expect(nextWordIndex(toks, 8, -1)).toBe(5);
    expect(nextWordIndex(toks, 12, 1)).toBe(-1);
  });
});

describe('remapSelection (tokens replaced by the model)', () => {
  it('keeps the selection on the same text', () => {
    const offline = placed('offline', '猫/noun/ねこ', 'が/particle', '猫/noun/ねこ', 'を/particle', '見た/verb/みた', '。/punctuation');
    const model = placed('model', '猫/noun/ねこ', 'が/particle', '猫/noun/ねこ', 'を/particle', '見/verb/み', 'た/auxiliary', '。/punctuation');
    const word = { kind: 'word', index: 2 } as const;
    expect(remapSelection(offline, model, word)).toBe(word);
    expect(remapSelection(offline, model, { kind: 'phrase', first: 2, last: 4 })).toEqual({ kind: 'phrase', first: 2, last: 5 });
    expect(remapSelection(model, offline, { kind: 'word', index: 5 })).toEqual({ kind: 'word', index: 4 });
  });
});
