import { POS_GROUPS } from '../../../shared/domain';
import { jsonSchemaFormat, type ChatMessage } from './jsonSchema';

export const ANALYZE_SCHEMA = jsonSchemaFormat('japanese_tokens', {
  type: 'object',
  additionalProperties: false,
  required: ['tokens'],
  properties: {
    tokens: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['word', 'pos', 'furigana'],
        properties: {
          word: { type: 'string' },
          pos: { type: 'string', enum: [...POS_GROUPS] },
          furigana: { type: 'string' },
        },
      },
    },
  },
});

/** Bump when the wording below changes what the model answers (part of the analysis cache key). */
export const ANALYZE_PROMPT_VERSION = 1;

const SYSTEM = `You segment Japanese text for learners.
Return JSON {"tokens":[{"word","pos","furigana"}]} covering the text in order.
Rules:
- Concatenating every "word" must reproduce the original text exactly, including spaces, punctuation and line breaks.
- A line break is its own token with pos "linebreak" and empty furigana; punctuation has pos "punctuation".
- "pos" is one of: ${POS_GROUPS.join(', ')}.
- "furigana" is the reading in hiragana for words containing kanji (empty for kana-only words, symbols and Latin text).
- Split verbs from their auxiliaries and particles as a learner's dictionary would.`;

/** The client's prompt (which contains the text) goes in as the user message. */
export function analyzeMessages(prompt: string): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: prompt },
  ];
}

/** The prompt the app itself sends for a text. */
export function analyzePromptFor(text: string): string {
  return `Segment this Japanese text:\n\n${text}`;
}
