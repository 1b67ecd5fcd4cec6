import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, type Locale } from '../../../shared/locales';
import { SYSTEM_LOCALE_PARAM, systemLocaleOf } from '../../../shared/systemLocale';
import { en, type Messages } from './locales/en';
import { ko } from './locales/ko';
import { zhCN } from './locales/zh-CN';
import { zhTW } from './locales/zh-TW';

export const MESSAGES: Record<Locale, Messages> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, ko };

/** The system's language: the OS's as the desktop shell passes it, else the browser's (browser mode). */
export function systemLocale(): Locale {
  const fromShell = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get(SYSTEM_LOCALE_PARAM);
  if (isLocale(fromShell)) return fromShell;
  if (typeof navigator === 'undefined') return systemLocaleOf([]);
  return systemLocaleOf(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** The language shown last time, so a relaunch paints in it before the settings arrive. */
const LAST_LOCALE_KEY = 'yomimono.uiLocale';
function lastLocale(): Locale | undefined {
  try {
    const v = localStorage.getItem(LAST_LOCALE_KEY);
    return isLocale(v) ? v : undefined;
  } catch {
    return undefined;
  }
}
const firstLocale = lastLocale() ?? systemLocale();
if (typeof document !== 'undefined') document.documentElement.lang = firstLocale;

void i18next.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, { translation: v }])),
  lng: firstLocale,
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export function setUiLocale(locale: Locale): void {
  if (i18next.language !== locale) void i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  try {
    localStorage.setItem(LAST_LOCALE_KEY, locale);
  } catch {
    // No storage (private mode): the next launch starts from the system language.
  }
}

export default i18next;
