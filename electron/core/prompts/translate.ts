import { LOCALE_LANGUAGE_NAME, type Locale } from '../../../shared/locales';
import type { ChatMessage } from './jsonSchema';

export function translateMessages(text: string, locale: Locale): ChatMessage[] {
  const lang = LOCALE_LANGUAGE_NAME[locale];
  return [
    {
      role: 'system',
      content: `Translate the user's Japanese text into natural ${lang} (${locale}). Keep exactly the same paragraphs and line breaks as the original: one output line per input line, blank lines where the input has blank lines. Output only the translation, no notes.`,
    },
    { role: 'user', content: text },
  ];
}
