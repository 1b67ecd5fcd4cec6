import type { Locale } from '../../../shared/locales';
import type { ChatMessage } from './jsonSchema';
import { answerLanguage } from './localeStyle';

/** Bump when the wording below changes what the model answers (part of the translation cache key). */
export const TRANSLATE_PROMPT_VERSION = 1;

export function translateMessages(text: string, locale: Locale): ChatMessage[] {
  const lang = answerLanguage(locale);
  return [
    {
      role: 'system',
      content: `Translate the user's Japanese text into natural ${lang.name}. Keep exactly the same paragraphs and line breaks as the original: one output line per input line, blank lines where the input has blank lines. Output only the translation, no notes. ${lang.instruction}`,
    },
    { role: 'user', content: text },
  ];
}
