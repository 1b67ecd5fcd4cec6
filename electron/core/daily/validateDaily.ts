import { z } from 'zod';
import { POS_GROUPS, type DailySentence } from '../../../shared/domain';

const TokenSchema = z.object({ word: z.string().min(1), pos: z.enum(POS_GROUPS), furigana: z.string() });
export const GeneratedDailySchema = z.object({
  text: z.string(),
  tokens: z.array(TokenSchema).min(1),
  translation: z.object({ 'zh-CN': z.string(), 'zh-TW': z.string(), en: z.string(), ko: z.string() }),
});
export const DailySentenceSchema = GeneratedDailySchema.extend({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

const KANA = /[\u3040-\u30ff]/;

/** Checks a generated sentence; returns the problem in words, or null when it is fine. */
export function dailyProblem(raw: unknown): string | null {
  const parsed = GeneratedDailySchema.safeParse(raw);
  if (!parsed.success) return `wrong shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
  const d = parsed.data;
  const text = d.text.trim();
  if (text !== d.text) return 'text has surrounding whitespace';
  if (!text.endsWith('。')) return 'text must end with 。';
  const chars = [...text].length;
  if (chars < 8 || chars > 60) return `text has ${chars} characters; use 12 to 40`;
  if (!KANA.test(text)) return 'text is not natural Japanese';
  if (text.includes('\n')) return 'text must be one line';
  if (d.tokens.map((t) => t.word).join('') !== text) return 'tokens do not rebuild the text exactly';
  for (const [k, v] of Object.entries(d.translation)) if (!v.trim()) return `translation ${k} is empty`;
  return null;
}

export function toDailySentence(date: string, raw: unknown): DailySentence {
  const d = GeneratedDailySchema.parse(raw);
  return { date, text: d.text, tokens: d.tokens, translation: d.translation };
}
