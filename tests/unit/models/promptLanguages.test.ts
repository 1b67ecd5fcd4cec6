import { describe, expect, it } from 'vitest';
import { EXPLANATION_LOCALES } from '../../../shared/locales';
import { tutorSystemMessage } from '../../../electron/core/prompts/chat';
import { dailyMessages } from '../../../electron/core/prompts/daily';
import { LOCALE_STYLE } from '../../../electron/core/prompts/localeStyle';
import { wordDetailMessages } from '../../../electron/core/prompts/wordDetail';

describe('prompt languages', () => {
  it('the daily sentence asks each translation in its locale’s script and usage (zh-TW Traditional, Taiwan usage)', () => {
    const system = String(dailyMessages('2026-11-27')[0]!.content);
    expect(system).toContain('zh-TW: Write in Traditional Chinese (繁體中文) with Taiwan usage');
    expect(system).toContain('zh-CN: Write in Simplified Chinese');
    expect(system).toContain('ko: Write in natural Korean');
  });

  it('every explanation language, Japanese included, has its style line', () => {
    for (const l of EXPLANATION_LOCALES) expect(LOCALE_STYLE[l].instruction.length, l).toBeGreaterThan(20);
    const word = wordDetailMessages({ word: '猫', sentence: '猫が好き。', pos: 'noun', furigana: 'ねこ', kind: 'word' } as never, 'ja');
    expect(JSON.stringify(word)).toContain('Japanese (ja)');
    expect(String(tutorSystemMessage('ja').content)).toContain('Japanese (ja)');
  });
});
