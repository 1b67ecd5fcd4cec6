import type { AnswerKind } from '../../../shared/contract/library';
import { isExplanationLocale } from '../../../shared/locales';
import { ANALYZE_PROMPT_VERSION } from './analyze';
import { LOCALE_STYLE } from './localeStyle';
import { OCR_PROMPT_VERSION } from './ocr';
import { TRANSLATE_PROMPT_VERSION } from './translate';
import { WORD_DETAIL_PROMPT_VERSION } from './wordDetail';

const TASK_VERSION: Record<AnswerKind, number> = {
  analysis: ANALYZE_PROMPT_VERSION,
  translation: TRANSLATE_PROMPT_VERSION,
  word: WORD_DETAIL_PROMPT_VERSION,
  phrase: WORD_DETAIL_PROMPT_VERSION,
  ocr: OCR_PROMPT_VERSION,
};

/** The version of the prompt behind an answer: its task's, plus its locale's wording for answers in the learner's language. */
export function promptVersion(kind: AnswerKind, locale?: string): string {
  const task = TASK_VERSION[kind];
  return locale !== undefined && isExplanationLocale(locale) ? `${task}.${LOCALE_STYLE[locale].version}` : String(task);
}
