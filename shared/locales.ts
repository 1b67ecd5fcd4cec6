/** The four interface languages; also the keys of a daily sentence's translations. */
export const LOCALES = ['zh-CN', 'zh-TW', 'en', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `X-App-Locale` and similar inputs: anything unknown falls back to the default. */
export function parseLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The language's name as a prompt should say it. */
export const LOCALE_LANGUAGE_NAME: Record<Locale, string> = {
  'zh-CN': 'Simplified Chinese',
  'zh-TW': 'Traditional Chinese',
  en: 'English',
  ko: 'Korean',
};
