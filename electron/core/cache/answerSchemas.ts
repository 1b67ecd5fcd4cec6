/** What a cached answer must look like to be shown; anything else is dropped and fetched again. */
import { z } from 'zod';
import { POS_GROUPS, WORD_DETAIL_FIELDS, type PhraseDetail, type Token, type WordDetail } from '../../../shared/domain';
import { PHRASE_FIELDS } from '../prompts/wordDetail';

export const TokenSchema = z.object({
  word: z.string().min(1),
  pos: z.enum(POS_GROUPS),
  furigana: z.string(),
  lemma: z.string().optional(),
}) satisfies z.ZodType<Token>;

export const TokensSchema = z.array(TokenSchema).min(1);

const stringFields = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>);

export const WordDetailSchema = stringFields(WORD_DETAIL_FIELDS) satisfies z.ZodType<WordDetail>;
export const PhraseDetailSchema = stringFields(PHRASE_FIELDS) satisfies z.ZodType<PhraseDetail>;

/** Translations and OCR text: never empty (an empty answer is not cached). */
export const TextAnswerSchema = z.string().min(1);
