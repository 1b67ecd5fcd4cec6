import { EXPLANATION_LANGUAGE_NAME, type ExplanationLocale } from '../../../shared/locales';

/**
 * The learner's language, as each prompt that answers in it (translation,
 * explanations, chat) is told: more than a name, because "Chinese" alone gets
 * mainland wording for a Taiwanese reader and Korean learners gain from the
 * grammar their language shares with Japanese. Each locale has its own version
 * (part of its cache keys), so rewording one leaves the others' caches alone.
 */
export const LOCALE_STYLE: Record<ExplanationLocale, { version: number; instruction: string }> = {
  'zh-CN': {
    version: 1,
    instruction: 'Write in Simplified Chinese (简体中文) as used in mainland China. Where a kanji word looks like Chinese but means something else, say so.',
  },
  'zh-TW': {
    version: 1,
    instruction:
      'Write in Traditional Chinese (繁體中文) with Taiwan usage and vocabulary (軟體, 計程車, 影片), never Simplified characters. Where a kanji word looks like Chinese but means something else, say so.',
  },
  en: {
    version: 1,
    instruction: 'Write in plain, natural English, naming grammar with the usual learner terms (te-form, potential form, topic particle).',
  },
  ko: {
    version: 1,
    instruction: 'Write in natural Korean (한국어). Where a Japanese pattern has a close Korean counterpart (は/が and 은/는·이/가, 〜ている and -고 있다), point it out.',
  },
  // For learners who want explanations in Japanese itself: plain wording they can read.
  ja: {
    version: 1,
    instruction:
      'Write the explanations in Japanese (日本語) for a learner: plain, polite です/ます style, short sentences, everyday words, and the reading in hiragana in parentheses after any kanji word above JLPT N3, e.g. 概念（がいねん）. Name grammar with the usual Japanese terms (て形, 可能形, 助詞).',
  },
};

/** "Simplified Chinese (zh-CN)" and the locale's own instruction, for a system prompt. */
export function answerLanguage(locale: ExplanationLocale): { name: string; instruction: string } {
  return { name: `${EXPLANATION_LANGUAGE_NAME[locale]} (${locale})`, instruction: LOCALE_STYLE[locale].instruction };
}
