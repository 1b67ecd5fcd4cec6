import { describe, expect, it } from 'vitest';
import { partialFields } from '../../../electron/core/reader/partialFields';
import { reconcileTokens } from '../../../electron/core/reader/reconcileTokens';
import { splitForModel } from '../../../electron/core/reader/splitForModel';
import { TokenExtractor } from '../../../electron/core/reader/tokenExtractor';
import type { Token } from '../../../shared/domain';

const t = (word: string, pos: Token['pos'] = 'noun', furigana = ''): Token => ({ word, pos, furigana });

describe('TokenExtractor', () => {
  it('emits each token once as soon as its object is complete, across arbitrary splits', () => {
    const json = JSON.stringify({ tokens: [t('猫', 'noun', 'ねこ'), t('が', 'particle'), t('「}{」', 'punctuation'), t('\n', 'linebreak')] });
    for (const size of [1, 2, 3, 7, json.length]) {
      const ex = new TokenExtractor();
      const out: Token[] = [];
      for (let i = 0; i < json.length; i += size) out.push(...ex.push(json.slice(i, i + size)));
      expect(out.map((x) => x.word), `split ${size}`).toEqual(['猫', 'が', '「}{」', '\n']);
    }
  });

  it('maps an unknown part of speech to other and skips empty words', () => {
    const ex = new TokenExtractor();
    expect(ex.push('{"tokens":[{"word":"x","pos":"weird","furigana":""},{"word":"","pos":"noun","furigana":""}]}')).toEqual([
      { word: 'x', pos: 'other', furigana: '' },
    ]);
  });
  it('readings come out in hiragana: katakana converted (ー kept), anything not kana dropped', () => {
    const ex = new TokenExtractor();
    const tokens = [t('珈琲', 'noun', 'コーヒー'), t('猫', 'noun', 'neko'), t('犬', 'noun', '犬'), t('本', 'noun', ' ほん '), t('ﾗｰﾒﾝ', 'noun', 'ﾗｰﾒﾝ')];
    expect(ex.push(JSON.stringify({ tokens })).map((x) => x.furigana)).toEqual(['こーひー', '', '', 'ほん', 'らーめん']);
  });
});

describe('reconcileTokens', () => {
  it('restores line breaks and spaces the model dropped', () => {
    const text = '猫が好き。\n\n犬 も。';
    const r = reconcileTokens(text, [t('猫'), t('が'), t('好き'), t('。'), t('犬'), t('も'), t('。')]);
    expect(r?.map((x) => x.word).join('')).toBe(text);
    // One linebreak token per newline, like the offline analyzer.
    expect(r?.filter((x) => x.pos === 'linebreak').map((x) => x.word)).toEqual(['\n', '\n']);
  });

  it('refuses tokens that changed or dropped the text', () => {
    expect(reconcileTokens('猫が好き。', [t('猫'), t('は'), t('好き'), t('。')])).toBeUndefined();
    expect(reconcileTokens('猫が好き。', [t('猫'), t('が')])).toBeUndefined();
  });

  it('keeps two identical words as two tokens in order', () => {
    const r = reconcileTokens('本と本', [t('本'), t('と'), t('本')]);
    expect(r).toHaveLength(3);
  });
});

describe('splitForModel', () => {
  it('returns short texts whole and long ones in pieces that rebuild the text', () => {
    expect(splitForModel('短い。')).toEqual(['短い。']);
    const text = '一文目です。'.repeat(400) + '\n' + '二段落目。'.repeat(300);
    const pieces = splitForModel(text, 500);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((p) => p.length <= 500)).toBe(true);
    expect(pieces.slice(0, -1).every((p) => /[。\n]$/.test(p))).toBe(true);
  });

  it('by default cuts about every 300 characters, at sentence ends', () => {
    const text = '長い文がずっと続いていきます。'.repeat(60); // 900 characters, no line breaks
    const pieces = splitForModel(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBe(3);
    expect(pieces.every((p) => p.length <= 300 && p.length >= 100 && p.endsWith('。'))).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(700);
    const pieces = splitForModel(text, 301);
    expect(pieces.join('')).toBe(text);
    for (const p of pieces) expect(p.charCodeAt(p.length - 1) >= 0xd800 && p.charCodeAt(p.length - 1) <= 0xdbff).toBe(false);
  });
});

describe('partialFields', () => {
  it('returns only the fields whose strings are complete, unescaped', () => {
    const json = '{"dictionaryForm":"行く","explanation":"to \\"go\\"\\n","example":"東京へ行';
    expect(partialFields(json, ['dictionaryForm', 'explanation', 'example'] as const)).toEqual({ dictionaryForm: '行く', explanation: 'to "go"\n' });
  });
});
