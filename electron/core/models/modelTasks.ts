/**
 * The model tasks: each takes typed input, checks its values and returns the
 * upstream call to make (a `ModelPlan`). No transport here: `/api/*` forwards
 * the upstream's answer as is, the contract handlers parse it for the renderer.
 */
import { resolveAppProvider, resolveModel, type ModelTask } from '../../../shared/catalog';
import { IMAGE_DATA_MAX_BYTES } from '../../../shared/limits';
import type { Locale } from '../../../shared/locales';
import { APP_MESSAGES } from '../../../shared/messages';
import { AppError } from '../../../shared/result';
import { analyzeMessages, ANALYZE_SCHEMA } from '../prompts/analyze';
import { tutorSystemMessage } from '../prompts/chat';
import type { ChatMessage } from '../prompts/jsonSchema';
import { ocrMessages } from '../prompts/ocr';
import { translateMessages } from '../prompts/translate';
import { PHRASE_DETAIL_SCHEMA, WORD_DETAIL_SCHEMA, wordDetailMessages } from '../prompts/wordDetail';
import type { ModelPlan } from './modelPlan';
import type { ModelResolver } from './modelChoice';
import { withStructuredFallback } from './structuredFallback';
import { filled, invalidArgument } from './taskInput';

/** Which model answers: an unknown provider or model falls back to the default (the model rule in modelChoice.ts). */
export interface ModelSelection {
  provider?: string;
  model?: string;
}

export interface TaskEnv {
  locale: Locale;
  /** The live catalog's model rule; without it, the built-in list's. */
  models?: ModelResolver;
}

export interface AnalyzeInput extends ModelSelection {
  prompt: string;
  stream?: boolean;
}

export interface TranslateInput extends ModelSelection {
  text: string;
  stream?: boolean;
}

export interface WordDetailInput extends ModelSelection {
  word: string;
  sentence: string;
  kind?: 'word' | 'phrase';
  /** Required for a word, optional for a phrase. */
  pos?: string;
  furigana?: string;
  stream?: boolean;
}

export interface ImageToTextInput extends ModelSelection {
  /** A `data:image/…;base64,…` URL of at most IMAGE_DATA_MAX_BYTES. */
  imageData: string;
  prompt?: string;
  stream?: boolean;
}

export interface ChatInput extends ModelSelection {
  messages: ChatMessage[];
  /** Streams unless told otherwise. */
  stream?: boolean;
}

function base(input: ModelSelection, models: ModelResolver | undefined, task: ModelTask): Pick<ModelPlan, 'provider' | 'model' | 'task'> {
  const provider = resolveAppProvider(input.provider);
  return { provider, model: models ? models.resolve(provider, input.model) : resolveModel(provider, input.model), task };
}

export function analyzePlan(input: AnalyzeInput, env: TaskEnv): ModelPlan {
  const b = base(input, env.models, 'analysis');
  const prompt = filled(input.prompt, 'prompt');
  const plan = { ...b, messages: analyzeMessages(prompt), stream: input.stream ?? false, responseFormat: ANALYZE_SCHEMA, temperature: 0 };
  return withStructuredFallback(plan, env.models);
}

export function translatePlan(input: TranslateInput, env: TaskEnv): ModelPlan {
  const b = base(input, env.models, 'translation');
  const text = filled(input.text, 'text');
  return { ...b, messages: translateMessages(text, env.locale), stream: input.stream ?? false, temperature: 0.2 };
}

export function wordDetailPlan(input: WordDetailInput, env: TaskEnv): ModelPlan {
  const b = base(input, env.models, 'translation');
  const word = filled(input.word, 'word');
  const sentence = filled(input.sentence, 'sentence');
  const kind = input.kind === 'phrase' ? 'phrase' : 'word';
  const pos = kind === 'phrase' ? input.pos : filled(input.pos ?? '', 'pos');
  const plan = {
    ...b,
    messages: wordDetailMessages({ word, sentence, pos, furigana: input.furigana, kind }, env.locale),
    stream: input.stream ?? false,
    responseFormat: kind === 'phrase' ? PHRASE_DETAIL_SCHEMA : WORD_DETAIL_SCHEMA,
    temperature: 0.2,
  };
  return withStructuredFallback(plan, env.models);
}

const DATA_URL = /^data:(image\/(?:png|jpeg|jpg|webp|gif|bmp|heic|heif));base64,([A-Za-z0-9+/=\s]+)$/;

export function imageToTextPlan(input: ImageToTextInput, env: TaskEnv): ModelPlan {
  const b = base(input, env.models, 'imageText');
  const imageData = filled(input.imageData, 'imageData');
  if (Buffer.byteLength(imageData) > IMAGE_DATA_MAX_BYTES) throw new AppError({ code: 'too_large', message: APP_MESSAGES.imageTooLarge, status: 413 });
  if (!DATA_URL.test(imageData)) throw invalidArgument(APP_MESSAGES.invalidImage);
  return { ...b, messages: ocrMessages(imageData, input.prompt), stream: input.stream ?? false, temperature: 0 };
}

export function chatPlan(input: ChatInput, env: TaskEnv): ModelPlan {
  const b = base(input, env.models, 'chat');
  if (input.messages.length === 0) throw invalidArgument(APP_MESSAGES.emptyMessages);
  return { ...b, messages: [tutorSystemMessage(env.locale), ...input.messages], stream: input.stream ?? true, temperature: 0.7 };
}
