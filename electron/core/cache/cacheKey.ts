/**
 * Cache keys of model answers: a SHA-256 over everything that changes the answer,
 * so a new model, locale or prompt version is a miss rather than a stale hit.
 */
import crypto from 'node:crypto';
import type { AnswerKind } from '../../../shared/contract/library';
import { promptVersion } from '../prompts/promptVersion';

/** The same visible text is the same key: NFC, Unix line ends, no surrounding whitespace. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').normalize('NFC').trim();
}

export const sha256 = (data: string | Buffer): string => crypto.createHash('sha256').update(data).digest('hex');

type Part = string | number | boolean | null | undefined;

/**
 * Field order does not matter; undefined fields are left out; the version of the
 * prompt behind the answer (its task's, and its `locale`'s wording) is always in.
 */
export function answerKey(kind: AnswerKind, parts: Record<string, Part>, version: string = promptVersion(kind, typeof parts.locale === 'string' ? parts.locale : undefined)): string {
  const fields = Object.entries(parts)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(JSON.stringify([kind, version, fields]));
}

export interface ModelChoice {
  provider: string;
  model: string;
}

export const analysisKey = (text: string, m: ModelChoice) => answerKey('analysis', { text: normalizeText(text), ...m });

export const translationKey = (text: string, m: ModelChoice, locale: string) =>
  answerKey('translation', { text: normalizeText(text), locale, ...m });

export const wordDetailKey = (
  d: { word: string; sentence: string; pos: string; furigana?: string },
  m: ModelChoice,
  locale: string,
) =>
  answerKey('word', {
    word: normalizeText(d.word),
    sentence: normalizeText(d.sentence),
    pos: d.pos.trim(),
    furigana: d.furigana?.trim() || undefined,
    locale,
    ...m,
  });

export const phraseDetailKey = (d: { phrase: string; sentence: string }, m: ModelChoice, locale: string) =>
  answerKey('phrase', { phrase: normalizeText(d.phrase), sentence: normalizeText(d.sentence), locale, ...m });

/** The image's bytes, not its data-URL spelling: the same picture pasted twice is one entry. */
export function imageHash(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  const b64 = (comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl).replace(/\s+/g, '');
  return sha256(Buffer.from(b64, 'base64'));
}

export const ocrKey = (imageData: string, prompt: string | undefined, m: ModelChoice) =>
  answerKey('ocr', { image: imageHash(imageData), prompt: prompt?.trim() || undefined, ...m });

/** History documents are the text alone: the model that analysed it does not make another document. */
export const documentKey = (text: string) => sha256(normalizeText(text));
