import { POS_GROUPS } from '../../../shared/domain';
import { LOCALES } from '../../../shared/locales';
import { LOCALE_STYLE } from './localeStyle';
import { jsonSchemaFormat, stringProps, type ChatMessage } from './jsonSchema';

export const DAILY_SCHEMA = jsonSchemaFormat('daily_sentence', {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'tokens', 'translation'],
  properties: {
    text: { type: 'string' },
    tokens: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['word', 'pos', 'furigana'],
        properties: { word: { type: 'string' }, pos: { type: 'string', enum: [...POS_GROUPS] }, furigana: { type: 'string' } },
      },
    },
    translation: { type: 'object', additionalProperties: false, required: [...LOCALES], properties: stringProps(LOCALES) },
  },
});

/** Bump when the wording below changes what the model answers (part of the daily sentence's key, with a hash of the prompt). */
export const DAILY_PROMPT_VERSION = 2;

/** Each translation in its locale's own script and usage (zh-TW came back Simplified without it). */
const TRANSLATION_STYLE = `Each translation follows its locale: ${LOCALES.map((l) => `${l}: ${LOCALE_STYLE[l].instruction.split('. ')[0]!.replace(/\.$/, '')}.`).join(' ')}`;

export function dailyMessages(date: string, previousProblem?: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `You write one "sentence of the day" for intermediate Japanese learners (around JLPT N3–N4): a natural, everyday sentence of 12 to 40 characters that ends with 。. Return JSON with "text", "tokens" (segmentation whose "word" values concatenate to exactly "text"; pos one of ${POS_GROUPS.join(', ')}; furigana in hiragana for words with kanji, else empty) and "translation" with keys zh-CN, zh-TW, en, ko. ${TRANSLATION_STYLE}`,
    },
    {
      role: 'user',
      content: `Date: ${date}. Pick a sentence that fits the season.${previousProblem ? ` The previous attempt was rejected: ${previousProblem}. Fix that.` : ''}`,
    },
  ];
}
