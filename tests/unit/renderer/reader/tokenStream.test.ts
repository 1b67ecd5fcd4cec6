import { describe, expect, it } from 'vitest';
import type { AnalyzeChunk } from '../../../../shared/contract/reader';
import { blockTokenLists, buildBlocks, tokensOfBlock } from '../../../../renderer/src/reader/blocks';
import { alignTokens, replaceRange, sliceCovering, TokenStream } from '../../../../renderer/src/reader/tokenStream';
import { placed, tokens, words } from '../support/helpers';

const text = '猫が好き。\n犬も好き。';
const offline = tokens('猫/noun/ねこ', 'が/particle', '好き/adjective/すき', '。/punctuation', '\\n/linebreak', '犬/noun/いぬ', 'も/particle', '好き/adjective/すき', '。/punctuation');

const chunk = (c: Partial<AnalyzeChunk> & Pick<AnalyzeChunk, 'source' | 'range' | 'tokens' | 'final'>): AnalyzeChunk => ({ progress: { done: 0, total: text.length }, ...c });

/** Every state must rebuild the text exactly: that is what keeps the layout still. */
function expectCovers(s: TokenStream) {
  const list = s.tokens();
  expect(list.map((t) => t.word).join('')).toBe(s.text);
  let at = 0;
  for (const t of list) {
    expect(t.start).toBe(at);
    expect(s.text.slice(t.start, t.end)).toBe(t.word);
    at = t.end;
  }
}

describe('TokenStream: merging an AnalyzeChunk stream', () => {
  it('shows the text as plain before any tokens', () => {
    const s = new TokenStream(text);
    expect(s.tokens().every((t) => t.origin === 'plain')).toBe(true);
    expectCovers(s);
  });

  it('takes the offline pass for the whole text', () => {
    const s = new TokenStream(text);
    s.apply(chunk({ source: 'offline', range: { start: 0, end: text.length }, tokens: offline, final: true }));
    expect(s.flush()).toEqual([{ start: 0, end: text.length }]);
    expect(s.tokens().every((t) => t.origin === 'offline')).toBe(true);
    expect(s.posGroups().has('adjective')).toBe(true);
    expectCovers(s);
  });

  it('shows model tokens as they stream, the offline ones for the rest of the piece, in order', () => {
    const s = new TokenStream(text);
    s.apply(chunk({ source: 'offline', range: { start: 0, end: text.length }, tokens: offline, final: true }));
    s.flush();
    const piece = { start: 0, end: 6 };
    s.apply(chunk({ source: 'model', range: piece, tokens: tokens('猫/noun/ねこ'), final: false }));
    s.apply(chunk({ source: 'model', range: piece, tokens: tokens('が/particle'), final: false }));
    expect(s.flush()).toEqual([piece]);
    expect(s.tokens().slice(0, 4).map((t) => `${t.word}:${t.origin}`)).toEqual(['猫:model', 'が:model', '好き:offline', '。:offline']);
    expectCovers(s);
  });

  it('replaces a piece by its checked tokens when final, and tracks progress', () => {
    const s = new TokenStream(text);
    s.apply(chunk({ source: 'offline', range: { start: 0, end: text.length }, tokens: offline, final: true }));
    s.apply(chunk({ source: 'model', range: { start: 0, end: 6 }, tokens: tokens('猫が/noun/ねこが'), final: false }));
    s.apply(chunk({ source: 'model', range: { start: 0, end: 6 }, tokens: tokens('猫/noun/ねこ', 'が/particle', '好/adjective/す', 'き/suffix', '。/punctuation', '\\n/linebreak'), final: true, progress: { done: 6, total: 11 } }));
    s.flush();
    expect(words(s.tokens()).slice(0, 6)).toEqual(['猫', 'が', '好', 'き', '。', '\n']);
    expect(s.tokens()[5]!.origin).toBe('model');
    expect(s.tokens()[6]!.origin).toBe('offline');
    expect(s.progress).toEqual({ done: 6, total: 11 });
    expectCovers(s);
  });

  it('model tokens that drift from the text stop aligning; the rest stays offline', () => {
    const s = new TokenStream(text);
    s.apply(chunk({ source: 'offline', range: { start: 0, end: text.length }, tokens: offline, final: true }));
    s.apply(chunk({ source: 'model', range: { start: 0, end: 6 }, tokens: tokens('猫/noun/ねこ', 'は/particle', '好き/adjective/すき'), final: false }));
    s.flush();
    expect(s.tokens().slice(0, 3).map((t) => `${t.word}:${t.origin}`)).toEqual(['猫:model', 'が:offline', '好き:offline']);
    expectCovers(s);
  });

  it('a final piece whose tokens do not rebuild the range keeps what aligns, the rest plain', () => {
    const s = new TokenStream(text);
    s.apply(chunk({ source: 'model', range: { start: 0, end: 6 }, tokens: tokens('猫/noun/ねこ', 'X/noun'), final: true }));
    s.flush();
    expect(s.tokens()[0]).toMatchObject({ word: '猫', origin: 'model' });
    expect(s.tokens()[1]!.origin).toBe('plain');
    expectCovers(s);
  });

  it('the offline fallback for a failed piece is final; a stop drops unfinished pieces', () => {
    const s = new TokenStream(text);
    s.apply(chunk({ source: 'offline', range: { start: 0, end: text.length }, tokens: offline, final: true }));
    s.apply(chunk({ source: 'offline', range: { start: 0, end: 6 }, tokens: offline.slice(0, 5), final: true }));
    s.apply(chunk({ source: 'model', range: { start: 6, end: 11 }, tokens: tokens('犬/noun/けん'), final: false }));
    s.flush();
    expect(s.tokens().find((t) => t.word === '犬')).toMatchObject({ origin: 'model', furigana: 'けん' });
    s.dropUnfinished();
    expect(s.tokens().find((t) => t.word === '犬')).toMatchObject({ origin: 'offline', furigana: 'いぬ' });
    expectCovers(s);
  });

  it('fromTokens opens a finished analysis', () => {
    const s = TokenStream.fromTokens(text, offline);
    expect(s.tokens()).toHaveLength(offline.length);
    expect(s.hasTokens).toBe(true);
    expectCovers(s);
  });
});

describe('token list helpers', () => {
  it('alignTokens restores whitespace from the text', () => {
    const r = alignTokens('猫 が\n好き', 0, 7, tokens('猫/noun', 'が/particle', '好き/adjective'));
    expect(words(r.placed)).toEqual(['猫', ' ', 'が', '\n', '好き']);
    expect(r.cursor).toBe(6);
  });
  it('sliceCovering cuts tokens at the edges into plain text', () => {
    const list = placed('offline', '東京/noun/とうきょう', 'タワー/noun');
    expect(sliceCovering(list, '東京タワー', 1, 4).map((t) => `${t.word}:${t.origin}`)).toEqual(['京:plain', 'タワ:plain']);
  });
  it('replaceRange keeps outside parts of crossing tokens', () => {
    const list = placed('offline', '東京/noun', 'タワー/noun');
    const out = replaceRange(list, '東京タワー', 1, 3, placed('model', '京タ/noun').map((t) => ({ ...t, start: 1, end: 3 })));
    expect(out.map((t) => `${t.word}:${t.start}`)).toEqual(['東:0', '京タ:1', 'ワー:3']);
  });
});

describe('blocks for virtualised rendering', () => {
  it('one block per line, blank lines apart, long lines cut after a sentence', () => {
    const blocks = buildBlocks('一行目。\n\n二行目。');
    expect(blocks.map((b) => [b.start, b.end, b.blank])).toEqual([
      [0, 4, false],
      [5, 5, true],
      [6, 10, false],
    ]);
    const long = 'あいうえお。'.repeat(100);
    const cut = buildBlocks(long, 100);
    expect(cut.length).toBeGreaterThan(5);
    expect(cut.every((b) => b.end - b.start <= 100)).toBe(true);
    expect(cut.slice(1).every((b) => b.continued)).toBe(true);
    expect(cut.map((b) => long.slice(b.start, b.end)).join('')).toBe(long);
  });
  it('gives each block its tokens and reuses unchanged blocks', () => {
    const s = TokenStream.fromTokens(text, offline);
    const blocks = buildBlocks(text);
    expect(words(tokensOfBlock(s.tokens(), blocks[1]!))).toEqual(['犬', 'も', '好き', '。']);
    const first = blockTokenLists(blocks, s.tokens(), undefined, 'all');
    const again = blockTokenLists(blocks, s.tokens(), first, [{ start: 0, end: 3 }]);
    expect(again[1]).toBe(first[1]);
    expect(again[0]).toBe(first[0]); // recomputed but equal: same array kept
  });
});
