/** The reading features: the renderer's face of the /api model routes, plus the offline analyzer. */
import { z } from 'zod';
import { EDGE_GENDERS, GEMINI_VOICES, TTS_MAX_TEXT_CHARS, TTS_PROVIDERS } from '../catalog';
import type { AudioResult, DailySentence, PhraseDetail, Token, WordDetail } from '../domain';
import { IMAGE_DATA_MAX_BYTES } from '../limits';
import type { AppErrorData } from '../result';
import type { UsageRecord } from '../usage';
import { stream, call, type } from './define';
import { DOCUMENT_SOURCES } from './library';

const text = (max: number) => z.string().min(1).max(max);
/** Links a translation or explanation to a history document (else: the latest document containing the text). */
const documentId = z.number().int().positive();

/**
 * Tokens for a part of the text. The offline pass sends the whole text at once
 * (final). The model goes piece by piece: tokens are appended to their range as
 * they stream, then a final chunk replaces the range with the checked tokens.
 */
export interface AnalyzeChunk {
  source: 'offline' | 'model';
  /** UTF-16 offsets of the text these tokens belong to. */
  range: { start: number; end: number };
  tokens: Token[];
  final: boolean;
  /** Characters the model has finished, for a progress bar on long texts. */
  progress: { done: number; total: number };
  /** The history document of this text: on the first chunk (the offline pass or a cache hit). */
  documentId?: number;
}

export interface AnalyzeResult {
  tokens: Token[];
  source: 'offline' | 'model' | 'cache';
  /** Why the model's analysis is missing (no key, offline, limit…), when it is. */
  modelError?: AppErrorData;
  /** Pieces of a model analysis that kept the offline tokens because the model changed their text (twice). */
  offlinePieces?: number;
  /** Every analysed text is a history document (`library.*`); same text, same document. */
  documentId?: number;
  /** What the model's analysis cost (tokens; USD from OpenRouter, none from Gemini); absent for a cached or offline one. */
  usage?: UsageRecord;
}

export interface DetailResult<D> {
  detail: D;
  source: 'model' | 'cache' | 'offline';
  /** Offline results carry only what the analyzer knows. */
  modelError?: AppErrorData;
}

export interface TextResult {
  text: string;
  source: 'model' | 'cache';
}

export interface SpeakResult extends AudioResult {
  cached: boolean;
}

const ChatMessage = z.object({ role: z.enum(['user', 'assistant']), content: z.string().min(1).max(100_000) });

export const readerMethods = {
  'reader.analyze': stream({
    args: z.tuple([
      z.object({
        text: text(200_000),
        refresh: z.boolean().default(false),
        offlineOnly: z.boolean().default(false),
        /** Recorded on the history document the first time this text is analysed. */
        source: z.enum(DOCUMENT_SOURCES).default('typed'),
        /**
         * false: no history document (a book chapter analysed paragraph by paragraph
         * keeps its analyses in the answer cache and the book, not as hundreds of texts in History).
         */
        history: z.boolean().default(true),
      }),
    ]),
    chunk: type<AnalyzeChunk>(),
    result: type<AnalyzeResult>(),
  }),
  /** Whether `reader.analyze` of this text would come from the answer cache (with the analysis model now chosen): it would cost nothing. */
  'reader.analysisCached': call({ args: z.tuple([z.object({ text: text(200_000) })]), result: type<boolean>() }),
  'reader.translate': stream({
    args: z.tuple([z.object({ text: text(200_000), refresh: z.boolean().default(false), documentId: documentId.optional() })]),
    chunk: type<string>(),
    result: type<TextResult>(),
  }),
  'reader.wordDetail': stream({
    args: z.tuple([
      z.object({
        word: text(200),
        sentence: text(5_000),
        pos: z.string().max(50),
        furigana: z.string().max(200).optional(),
        offset: z.number().int().min(0).optional(),
        refresh: z.boolean().default(false),
        documentId: documentId.optional(),
      }),
    ]),
    chunk: type<Partial<WordDetail>>(),
    result: type<DetailResult<WordDetail>>(),
  }),
  'reader.phraseDetail': stream({
    args: z.tuple([z.object({ phrase: text(400), sentence: text(5_000), refresh: z.boolean().default(false), documentId: documentId.optional() })]),
    chunk: type<Partial<PhraseDetail>>(),
    result: type<DetailResult<PhraseDetail>>(),
  }),
  'ocr.extract': stream({
    args: z.tuple([z.object({ imageData: z.string().min(10).max(IMAGE_DATA_MAX_BYTES), prompt: z.string().max(2_000).optional(), refresh: z.boolean().default(false) })]),
    chunk: type<string>(),
    result: type<TextResult>(),
  }),
  'chat.send': stream({
    args: z.tuple([z.object({ messages: z.array(ChatMessage).min(1).max(200), context: z.string().max(20_000).optional() })]),
    chunk: type<string>(),
    result: type<{ text: string }>(),
  }),
  'tts.speak': call({
    args: z.tuple([
      z.object({
        text: text(TTS_MAX_TEXT_CHARS),
        provider: z.enum(TTS_PROVIDERS).optional(),
        gender: z.enum(EDGE_GENDERS).optional(),
        rate: z.number().int().min(-100).max(100).optional(),
        voice: z.enum(GEMINI_VOICES).optional(),
        /** Synthesize again and replace the cached audio. */
        refresh: z.boolean().default(false),
      }),
    ]),
    result: type<SpeakResult>(),
  }),
  /** Today's sentence (cached per date, prompt and model); `refresh` generates a new one and replaces it. */
  'daily.get': call({
    args: z.tuple([z.object({ refresh: z.boolean().default(false) }).default({ refresh: false })]),
    result: type<DailySentence>(),
  }),
};
