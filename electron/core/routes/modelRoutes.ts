/**
 * The seed's model routes as transport-free handlers: each validates its body
 * and returns the upstream call to make. The HTTP adapter forwards the upstream
 * response as is; the contract adapter parses it for the renderer.
 */
import { resolveModel, resolveProvider, type ModelTask } from '../../../shared/catalog';
import type { Locale } from '../../../shared/locales';
import { APP_MESSAGES } from '../../../shared/messages';
import { HttpError, MiB } from '../http/body';
import { analyzeMessages, ANALYZE_SCHEMA } from '../prompts/analyze';
import { tutorSystemMessage } from '../prompts/chat';
import type { ChatMessage } from '../prompts/jsonSchema';
import { ocrMessages } from '../prompts/ocr';
import { translateMessages } from '../prompts/translate';
import { PHRASE_DETAIL_SCHEMA, WORD_DETAIL_SCHEMA, wordDetailMessages } from '../prompts/wordDetail';
import { optionalBoolean, optionalString, refuseApiUrl, requiredString, type Body } from './params';
import type { ModelPlan } from './upstream/modelPlan';
import type { ModelResolver } from '../models/modelChoice';
import { withStructuredFallback } from '../models/structuredFallback';

export interface RouteInput {
  body: Body;
  locale: Locale;
  /** The live catalog's model rule; without it, the built-in list's. */
  models?: ModelResolver;
}

export type ModelRoute = (input: RouteInput) => ModelPlan;

function base(body: Body, models: ModelResolver | undefined, task: ModelTask): Pick<ModelPlan, 'provider' | 'model' | 'task'> {
  refuseApiUrl(body);
  const provider = resolveProvider(body.provider);
  return { provider, model: models ? models.resolve(provider, body.model) : resolveModel(provider, body.model), task };
}

/** A structured route whose model lacks structured outputs gets the schema in its prompt. */
const structured =
  (route: ModelRoute): ModelRoute =>
  (input) =>
    withStructuredFallback(route(input), input.models);

export const analyzeRoute: ModelRoute = structured(({ body, models }) => {
  const b = base(body, models, 'analysis');
  const prompt = requiredString(body, 'prompt');
  return { ...b, messages: analyzeMessages(prompt), stream: optionalBoolean(body, 'stream', false), responseFormat: ANALYZE_SCHEMA, temperature: 0 };
});

export const translateRoute: ModelRoute = ({ body, locale, models }) => {
  const b = base(body, models, 'translation');
  const text = requiredString(body, 'text');
  return { ...b, messages: translateMessages(text, locale), stream: optionalBoolean(body, 'stream', false), temperature: 0.2 };
};

export const wordDetailRoute: ModelRoute = structured(({ body, locale, models }) => {
  const b = base(body, models, 'translation');
  const word = requiredString(body, 'word');
  const sentence = requiredString(body, 'sentence');
  const kindRaw = optionalString(body, 'kind');
  const kind = kindRaw === 'phrase' ? 'phrase' : 'word';
  const pos = kind === 'phrase' ? optionalString(body, 'pos') : requiredString(body, 'pos');
  const furigana = optionalString(body, 'furigana');
  return {
    ...b,
    messages: wordDetailMessages({ word, sentence, pos, furigana, kind }, locale),
    stream: optionalBoolean(body, 'useStream', false),
    responseFormat: kind === 'phrase' ? PHRASE_DETAIL_SCHEMA : WORD_DETAIL_SCHEMA,
    temperature: 0.2,
  };
});

export const IMAGE_LIMIT_BYTES = 8 * MiB;
const DATA_URL = /^data:(image\/(?:png|jpeg|jpg|webp|gif|bmp|heic|heif));base64,([A-Za-z0-9+/=\s]+)$/;

export const imageToTextRoute: ModelRoute = ({ body, models }) => {
  const b = base(body, models, 'imageText');
  const imageData = requiredString(body, 'imageData');
  if (Buffer.byteLength(imageData) > IMAGE_LIMIT_BYTES) throw new HttpError(413, APP_MESSAGES.imageTooLarge);
  if (!DATA_URL.test(imageData)) throw new HttpError(400, APP_MESSAGES.invalidImage);
  const prompt = optionalString(body, 'prompt');
  return { ...b, messages: ocrMessages(imageData, prompt), stream: optionalBoolean(body, 'stream', false), temperature: 0 };
};

const ROLES = new Set(['system', 'user', 'assistant']);

function chatMessagesOf(body: Body): ChatMessage[] {
  const raw = body.messages;
  if (raw === undefined || raw === null) throw new HttpError(400, APP_MESSAGES.missingParam('messages'));
  if (!Array.isArray(raw)) throw new HttpError(400, APP_MESSAGES.wrongType('messages', 'array'));
  if (raw.length === 0) throw new HttpError(400, APP_MESSAGES.emptyMessages);
  return raw.map((m, i) => {
    const msg = m as { role?: unknown; content?: unknown } | null;
    if (!msg || typeof msg !== 'object' || typeof msg.role !== 'string' || !ROLES.has(msg.role)) {
      throw new HttpError(400, APP_MESSAGES.wrongType(`messages[${i}].role`, 'system | user | assistant'));
    }
    if (typeof msg.content !== 'string' && !Array.isArray(msg.content)) {
      throw new HttpError(400, APP_MESSAGES.wrongType(`messages[${i}].content`, 'string | array'));
    }
    const content = typeof msg.content === 'string' ? msg.content : msg.content.map((p, j) => contentPart(p, `messages[${i}].content[${j}]`));
    return { role: msg.role, content } as ChatMessage;
  });
}

/** A text or image part, rebuilt field by field: nothing unchecked (or absurdly nested) reaches the upstream. */
function contentPart(raw: unknown, name: string): Exclude<ChatMessage['content'], string>[number] {
  const p = raw as { type?: unknown; text?: unknown; image_url?: { url?: unknown } | null } | null;
  if (p && typeof p === 'object' && p.type === 'text' && typeof p.text === 'string') return { type: 'text', text: p.text };
  if (p && typeof p === 'object' && p.type === 'image_url' && typeof p.image_url?.url === 'string') {
    return { type: 'image_url', image_url: { url: p.image_url.url } };
  }
  throw new HttpError(400, APP_MESSAGES.wrongType(name, '{type:"text",text} | {type:"image_url",image_url:{url}}'));
}

export const chatRoute: ModelRoute = ({ body, locale, models }) => {
  const b = base(body, models, 'chat');
  const messages = chatMessagesOf(body);
  return { ...b, messages: [tutorSystemMessage(locale), ...messages], stream: optionalBoolean(body, 'useStream', true), temperature: 0.7 };
};
