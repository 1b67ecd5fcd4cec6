import { describe, expect, it } from 'vitest';
import {
  analysisKey,
  answerKey,
  documentKey,
  imageHash,
  normalizeText,
  ocrKey,
  phraseDetailKey,
  translationKey,
  wordDetailKey,
} from '../../../electron/core/cache/cacheKey';
import { LOCALE_STYLE } from '../../../electron/core/prompts/localeStyle';
import { promptVersion } from '../../../electron/core/prompts/promptVersion';

const m = { provider: 'openrouter', model: 'google/gemini-2.5-flash' };

describe('cache keys', () => {
  it('normalizes text: NFC, CRLF/CR to LF, outer whitespace', () => {
    const decomposed = 'か\u3099'; // か + combining dakuten = が
    expect(normalizeText(`  ${decomposed}\r\n次\r行 \n`)).toBe('が\n次\n行');
  });

  it('the same visible text is the same key; any other change is another key', () => {
    const base = analysisKey('猫が好き。\n犬も。', m);
    expect(analysisKey(' 猫が好き。\r\n犬も。\n', m)).toBe(base);
    expect(analysisKey('猫が好き。\n犬も', m)).not.toBe(base);
    expect(analysisKey('猫が好き。\n犬も。', { ...m, model: 'other/model' })).not.toBe(base);
    expect(analysisKey('猫が好き。\n犬も。', { ...m, provider: 'gemini' })).not.toBe(base);
  });

  it('locale changes translations and explanations, not analyses', () => {
    expect(translationKey('猫', m, 'en')).not.toBe(translationKey('猫', m, 'ko'));
    const w = { word: '猫', sentence: '猫が好き。', pos: 'noun' };
    expect(wordDetailKey(w, m, 'en')).not.toBe(wordDetailKey(w, m, 'zh-CN'));
    expect(wordDetailKey(w, m, 'en')).not.toBe(wordDetailKey({ ...w, pos: 'verb' }, m, 'en'));
    expect(wordDetailKey(w, m, 'en')).not.toBe(wordDetailKey({ ...w, furigana: 'ねこ' }, m, 'en'));
    expect(wordDetailKey({ ...w, furigana: '' }, m, 'en')).toBe(wordDetailKey(w, m, 'en'));
  });

  it('kinds never collide: the same fields under another kind are another key', () => {
    expect(answerKey('word', { word: '猫' })).not.toBe(answerKey('phrase', { word: '猫' }));
    expect(phraseDetailKey({ phrase: '猫', sentence: 's' }, m, 'en')).not.toBe(wordDetailKey({ word: '猫', sentence: 's', pos: '' }, m, 'en'));
  });

  it('field order does not matter, the prompt version does', () => {
    expect(answerKey('analysis', { a: '1', b: '2' })).toBe(answerKey('analysis', { b: '2', a: '1' }));
    expect(answerKey('analysis', { a: '1' }, '1')).not.toBe(answerKey('analysis', { a: '1' }, '2'));
    expect(answerKey('analysis', { a: '1' })).toBe(answerKey('analysis', { a: '1' }, promptVersion('analysis')));
    expect(answerKey('analysis', { a: '1', b: undefined })).toBe(answerKey('analysis', { a: '1' }));
  });

  it("answers in the learner's language carry their locale's prompt wording version; other locales' keys do not move", () => {
    expect(promptVersion('translation', 'ko')).toBe(`${promptVersion('translation')}.${LOCALE_STYLE.ko.version}`);
    const before = { en: translationKey('猫', m, 'en'), ko: translationKey('猫', m, 'ko') };
    const saved = LOCALE_STYLE.ko.version;
    LOCALE_STYLE.ko.version = saved + 1; // as if the Korean wording had been revised
    try {
      expect(translationKey('猫', m, 'ko')).not.toBe(before.ko);
      expect(translationKey('猫', m, 'en')).toBe(before.en);
    } finally {
      LOCALE_STYLE.ko.version = saved;
    }
    expect(translationKey('猫', m, 'ko')).toBe(before.ko);
  });

  it('OCR is keyed by the image bytes, prompt and model', () => {
    const png = Buffer.from('fake png bytes').toString('base64');
    const a = `data:image/png;base64,${png}`;
    const wrapped = `data:image/png;base64,${png.slice(0, 8)}\n${png.slice(8)}`;
    expect(imageHash(a)).toBe(imageHash(wrapped));
    expect(ocrKey(a, undefined, m)).toBe(ocrKey(wrapped, '  ', m));
    expect(ocrKey(a, 'vertical text', m)).not.toBe(ocrKey(a, undefined, m));
    expect(ocrKey(`data:image/png;base64,${Buffer.from('other').toString('base64')}`, undefined, m)).not.toBe(ocrKey(a, undefined, m));
  });

  it('documents are the normalized text alone', () => {
    expect(documentKey('本を読む。\r\n')).toBe(documentKey('本を読む。'));
    expect(documentKey('本を読む。')).toMatch(/^[0-9a-f]{64}$/);
  });
});
