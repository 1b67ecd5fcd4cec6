import type { ExplanationLocale } from '../../../shared/locales';
import type { ChatMessage } from './jsonSchema';
import { answerLanguage } from './localeStyle';

/** The server puts a Japanese-tutor system prompt in front of the conversation. */
export function tutorSystemMessage(locale: ExplanationLocale): ChatMessage {
  const lang = answerLanguage(locale);
  return {
    role: 'system',
    content: `You are a patient, precise Japanese tutor. Answer in ${lang.name} unless the learner writes to you in Japanese to practise; quote Japanese with readings for difficult kanji, explain grammar simply with short examples, and correct mistakes kindly. Use Markdown for structure. ${lang.instruction}`,
  };
}
