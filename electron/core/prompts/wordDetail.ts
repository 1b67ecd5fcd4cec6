import { WORD_DETAIL_FIELDS } from '../../../shared/domain';
import type { ExplanationLocale } from '../../../shared/locales';
import { jsonSchemaFormat, stringProps, type ChatMessage } from './jsonSchema';
import { answerLanguage } from './localeStyle';

/** Bump when the wording below changes what the model answers (part of the word and phrase cache keys). */
export const WORD_DETAIL_PROMPT_VERSION = 1;

export const WORD_FIELDS = WORD_DETAIL_FIELDS;
export const PHRASE_FIELDS = [...WORD_FIELDS, 'category', 'breakdown'] as const;

const schemaFor = (name: string, fields: readonly string[]) =>
  jsonSchemaFormat(name, { type: 'object', additionalProperties: false, required: [...fields], properties: stringProps(fields) });

export const WORD_DETAIL_SCHEMA = schemaFor('word_detail', WORD_FIELDS);
export const PHRASE_DETAIL_SCHEMA = schemaFor('phrase_detail', PHRASE_FIELDS);

export interface WordDetailInput {
  word: string;
  sentence: string;
  pos?: string;
  furigana?: string;
  kind: 'word' | 'phrase';
}

export function wordDetailMessages(input: WordDetailInput, locale: ExplanationLocale): ChatMessage[] {
  const lang = answerLanguage(locale);
  const common = `Write every explanation in ${lang.name}; Japanese examples stay Japanese. "chineseTranslation" holds the meaning in that language (the field keeps its historical name). "furigana" is the reading in hiragana. If the given reading or part of speech is wrong for this context, give the corrected one. ${lang.instruction}`;
  if (input.kind === 'phrase') {
    return [
      {
        role: 'system',
        content: `You explain a multi-word Japanese phrase to a learner, in its sentence. Return JSON with fields: chineseTranslation, dictionaryForm, explanation, conjugation, example, exampleTranslation, pos, furigana, category (what kind of expression it is: set phrase, grammar pattern, compound verb, idiom…), breakdown (each part and what it contributes). ${common}`,
      },
      { role: 'user', content: `Phrase: ${input.word}\nSentence: ${input.sentence}` },
    ];
  }
  return [
    {
      role: 'system',
      content: `You explain one Japanese word to a learner, as used in its sentence. Return JSON with fields: chineseTranslation, dictionaryForm, explanation, conjugation (the form used here and how it is made, or empty), example (a new natural sentence), exampleTranslation, pos, furigana. ${common}`,
    },
    {
      role: 'user',
      content: `Word: ${input.word}\nPart of speech (from analysis): ${input.pos ?? ''}\nReading (from analysis): ${input.furigana ?? ''}\nSentence: ${input.sentence}`,
    },
  ];
}
