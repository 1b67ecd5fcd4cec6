import { useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import i18next from './index';

/**
 * The translate function of the UI language, for components mounted on a hover (the dictionary
 * popup and what it holds). react-i18next's useTranslation copies the i18n instance and builds a
 * fixed t on each mount, and i18next resolves a key afresh on each call: about a millisecond of
 * a popup's render. Here one t per language is shared, and a key asked without options is
 * resolved once per language (the texts are bundled: they change only with the language).
 */
export interface FastT {
  t: TFunction;
  language: string;
}

const byLanguage = new Map<string, FastT>();

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

const currentLanguage = () => i18next.language;

// Texts added at run time (none are, today) would outdate what was resolved.
i18next.store.on('added', () => byLanguage.clear());

/** The shared translate function of `language` (made once). */
export function fastT(language: string): FastT {
  let made = byLanguage.get(language);
  if (made) return made;
  const fixed = i18next.getFixedT(language);
  const plain = new Map<string, string>();
  const t = ((key: string | string[], options?: unknown) => {
    if (options !== undefined || typeof key !== 'string') return (fixed as (k: unknown, o?: unknown) => string)(key, options);
    let text = plain.get(key);
    if (text === undefined) plain.set(key, (text = fixed(key)));
    return text;
  }) as unknown as TFunction;
  byLanguage.set(language, (made = { t, language }));
  return made;
}

/** The UI language's shared translate function; the component renders again when the language changes. */
export function useT(): FastT {
  return fastT(useSyncExternalStore(subscribe, currentLanguage, currentLanguage));
}
