import type { Locale } from './locales';
import type { Settings, SettingsPatch } from './settings';

/** The query parameter by which the desktop shell hands the OS's language to the renderer. */
export const SYSTEM_LOCALE_PARAM = 'systemLocale';

/**
 * The interface language for the system's preferred languages (BCP 47 tags, best first):
 * the first tag we have a language for wins; none → English.
 */
export function systemLocaleOf(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return 'en';
}

/** One tag → our locale, or undefined when we have no interface in that language. */
function localeOfTag(tag: string): Locale | undefined {
  const parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-');
  const [lang, ...rest] = parts;
  if (lang === 'ko') return 'ko';
  if (lang === 'en') return 'en';
  if (lang !== 'zh') return undefined;
  // Script first (zh-Hant-CN is Traditional), then the region.
  if (rest.includes('hant')) return 'zh-TW';
  if (rest.includes('hans')) return 'zh-CN';
  if (rest.some((r) => r === 'tw' || r === 'hk' || r === 'mo')) return 'zh-TW';
  return 'zh-CN';
}

/**
 * The settings as the interface uses them: a language the learner has not chosen
 * follows the system. The stored values stay as they are.
 */
export function withSystemLocale(settings: Settings, system: Locale): Settings {
  if (settings.uiLocaleChosen && settings.explanationLocaleChosen) return settings;
  return {
    ...settings,
    uiLocale: settings.uiLocaleChosen ? settings.uiLocale : system,
    explanationLocale: settings.explanationLocaleChosen ? settings.explanationLocale : system,
  };
}

/** A patch that names a language is the learner's choice: it wins over the system from then on. */
export function markLocaleChoice(patch: SettingsPatch): SettingsPatch {
  return {
    ...patch,
    ...(patch.uiLocale !== undefined && patch.uiLocaleChosen === undefined ? { uiLocaleChosen: true } : {}),
    ...(patch.explanationLocale !== undefined && patch.explanationLocaleChosen === undefined ? { explanationLocaleChosen: true } : {}),
  };
}
