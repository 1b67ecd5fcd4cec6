import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { markLocaleChoice, systemLocaleOf, withSystemLocale } from '../../../shared/systemLocale';

describe('systemLocaleOf', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-Hant-CN', 'zh-TW'],
    ['ZH-tw', 'zh-TW'],
    ['ko', 'ko'],
    ['ko-KR', 'ko'],
    ['en-US', 'en'],
    ['ja-JP', 'en'],
    ['fr', 'en'],
  ])('%s → %s', (tag, locale) => {
    expect(systemLocaleOf([tag])).toBe(locale);
  });

  it('takes the first preferred language we have an interface for, and English for none', () => {
    expect(systemLocaleOf(['ja-JP', 'ko-KR', 'en-US'])).toBe('ko');
    expect(systemLocaleOf(['fr-FR', 'zh-HK'])).toBe('zh-TW');
    expect(systemLocaleOf(['de', 'ja'])).toBe('en');
    expect(systemLocaleOf([])).toBe('en');
  });
});

describe('withSystemLocale', () => {
  it('follows the system for languages not chosen, and keeps a choice', () => {
    expect(withSystemLocale(DEFAULT_SETTINGS, 'ko')).toMatchObject({ uiLocale: 'ko', explanationLocale: 'ko' });
    const chosenUi = { ...DEFAULT_SETTINGS, uiLocale: 'en' as const, uiLocaleChosen: true };
    expect(withSystemLocale(chosenUi, 'zh-TW')).toMatchObject({ uiLocale: 'en', explanationLocale: 'zh-TW' });
    const both = { ...chosenUi, explanationLocale: 'zh-CN' as const, explanationLocaleChosen: true };
    expect(withSystemLocale(both, 'ko')).toBe(both);
  });
});

describe('markLocaleChoice', () => {
  it('marks a language named in a patch as chosen, unless the patch says otherwise', () => {
    expect(markLocaleChoice({ uiLocale: 'ko' })).toEqual({ uiLocale: 'ko', uiLocaleChosen: true });
    expect(markLocaleChoice({ explanationLocale: 'en' })).toEqual({ explanationLocale: 'en', explanationLocaleChosen: true });
    expect(markLocaleChoice({ uiLocale: 'ko', uiLocaleChosen: false })).toEqual({ uiLocale: 'ko', uiLocaleChosen: false });
    expect(markLocaleChoice({ theme: 'dark' })).toEqual({ theme: 'dark' });
  });
});
