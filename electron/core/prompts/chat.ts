import { LOCALE_LANGUAGE_NAME, type Locale } from '../../../shared/locales';
import type { ChatMessage } from './jsonSchema';

/** Seed: the server puts a Japanese-tutor system prompt in front of the conversation. */
export function tutorSystemMessage(locale: Locale): ChatMessage {
  const lang = LOCALE_LANGUAGE_NAME[locale];
  return {
    role: 'system',
    content: `You are a patient, precise Japanese tutor. Answer in ${lang} (${locale}) unless the learner writes to you in Japanese to practise; quote Japanese with readings for difficult kanji, explain grammar simply with short examples, and correct mistakes kindly. Use Markdown for structure.`,
  };
}
