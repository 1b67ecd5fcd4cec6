import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../../shared/locales';
import { en, type Messages } from './locales/en';
import { ko } from './locales/ko';
import { zhCN } from './locales/zh-CN';
import { zhTW } from './locales/zh-TW';

export const MESSAGES: Record<Locale, Messages> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, ko };

void i18next.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, { translation: v }])),
  lng: 'zh-CN',
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export function setUiLocale(locale: Locale): void {
  if (i18next.language !== locale) void i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export default i18next;
