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

/**
 * The languages explanations (word and phrase panels, the tutor chat) can be in: the four UI
 * languages and Japanese, for learners who want explanations in Japanese. The UI stays in its
 * four; translations of a text go to the UI language when explanations are in Japanese.
 */
export const EXPLANATION_LOCALES = [...LOCALES, 'ja'] as const;
export type ExplanationLocale = (typeof EXPLANATION_LOCALES)[number];

export function isExplanationLocale(value: unknown): value is ExplanationLocale {
  return typeof value === 'string' && (EXPLANATION_LOCALES as readonly string[]).includes(value);
}

/** A call's explanation language (`X-App-Locale`, IPC meta): anything unknown falls back to the default. */
export function parseExplanationLocale(value: unknown): ExplanationLocale {
  return isExplanationLocale(value) ? value : DEFAULT_LOCALE;
}

/** The language's name as a prompt should say it. */
export const LOCALE_LANGUAGE_NAME: Record<Locale, string> = {
  'zh-CN': 'Simplified Chinese',
  'zh-TW': 'Traditional Chinese',
  en: 'English',
  ko: 'Korean',
};

export const EXPLANATION_LANGUAGE_NAME: Record<ExplanationLocale, string> = { ...LOCALE_LANGUAGE_NAME, ja: 'Japanese' };
