/**
 * Request bodies of /api/* as the model tasks' typed input. Only presence and
 * type are checked here (a mistake is an `AppError` 'bad_request' with the
 * route's message); the values are the task's to check, for both doors.
 */
import { resolveProvider } from '../../../shared/catalog';
import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';
import type { TtsRequest } from '../tts';
import type { ChatMessage } from '../prompts/jsonSchema';
import type { AnalyzeInput, ChatInput, ImageToTextInput, ModelSelection, TranslateInput, WordDetailInput } from '../models/modelTasks';
import { filled, invalidArgument } from '../models/taskInput';

/** A request body after the generic checks: a JSON object. */
export type Body = Record<string, unknown>;

/** Route rule: `apiUrl` in a body is refused before anything else happens. */
function refuseApiUrl(body: Body): void {
  if (Object.prototype.hasOwnProperty.call(body, 'apiUrl')) throw invalidArgument(SEED_MESSAGES.apiUrlForbidden);
}

function requiredString(body: Body, name: string): string {
  const v = body[name];
  if (v === undefined || v === null) throw invalidArgument(APP_MESSAGES.missingParam(name));
  if (typeof v !== 'string') throw invalidArgument(APP_MESSAGES.wrongType(name, 'string'));
  return v;
}

function optionalString(body: Body, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidArgument(APP_MESSAGES.wrongType(name, 'string'));
  return v;
}

function optionalBoolean(body: Body, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw invalidArgument(APP_MESSAGES.wrongType(name, 'boolean'));
  return v;
}

/**
 * `apiUrl` refused; a provider or model that is not a string counts as none (the default is used). The routes know
 * two providers: anything else, `local` included, is `openrouter` (the local server is the desktop app's own business).
 */
function selection(body: Body): ModelSelection {
  refuseApiUrl(body);
  const { provider, model } = body;
  return { ...(typeof provider === 'string' ? { provider: resolveProvider(provider) } : {}), ...(typeof model === 'string' ? { model } : {}) };
}

/** Optional fields stay absent rather than `undefined`. */
const present = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;

export const analyzeInput = (body: Body): AnalyzeInput => ({
  ...selection(body),
  prompt: requiredString(body, 'prompt'),
  ...present({ stream: optionalBoolean(body, 'stream') }),
});

export const translateInput = (body: Body): TranslateInput => ({
  ...selection(body),
  text: requiredString(body, 'text'),
  ...present({ stream: optionalBoolean(body, 'stream') }),
});

export function wordDetailInput(body: Body): WordDetailInput {
  const sel = selection(body);
  const word = requiredString(body, 'word');
  const sentence = requiredString(body, 'sentence');
  const kind = optionalString(body, 'kind') === 'phrase' ? 'phrase' : 'word';
  const pos = kind === 'phrase' ? optionalString(body, 'pos') : requiredString(body, 'pos');
  return { ...sel, word, sentence, kind, ...present({ pos, furigana: optionalString(body, 'furigana'), stream: optionalBoolean(body, 'useStream') }) };
}

export const imageToTextInput = (body: Body): ImageToTextInput => ({
  ...selection(body),
  imageData: requiredString(body, 'imageData'),
  ...present({ prompt: optionalString(body, 'prompt'), stream: optionalBoolean(body, 'stream') }),
});

export const chatInput = (body: Body): ChatInput => ({
  ...selection(body),
  messages: chatMessagesOf(body),
  ...present({ stream: optionalBoolean(body, 'useStream') }),
});

const ROLES = new Set(['system', 'user', 'assistant']);

function chatMessagesOf(body: Body): ChatMessage[] {
  const raw = body.messages;
  if (raw === undefined || raw === null) throw invalidArgument(APP_MESSAGES.missingParam('messages'));
  if (!Array.isArray(raw)) throw invalidArgument(APP_MESSAGES.wrongType('messages', 'array'));
  return raw.map((m, i) => {
    const msg = m as { role?: unknown; content?: unknown } | null;
    if (!msg || typeof msg !== 'object' || typeof msg.role !== 'string' || !ROLES.has(msg.role)) {
      throw invalidArgument(APP_MESSAGES.wrongType(`messages[${i}].role`, 'system | user | assistant'));
    }
    if (typeof msg.content !== 'string' && !Array.isArray(msg.content)) {
      throw invalidArgument(APP_MESSAGES.wrongType(`messages[${i}].content`, 'string | array'));
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
  throw invalidArgument(APP_MESSAGES.wrongType(name, '{type:"text",text} | {type:"image_url",image_url:{url}}'));
}

/** `/api/tts`: the text is required here; the voice fields are the synthesizer's to check. */
export function ttsInput(body: Body): TtsRequest {
  refuseApiUrl(body);
  return { ...body, text: filled(requiredString(body, 'text'), 'text') };
}

/** The caller's own key from `Authorization: Bearer …`. */
export function bearerOf(authorization: string | undefined): string | undefined {
  const m = authorization?.match(/^Bearer\s+(\S.*)$/i);
  return m?.[1]?.trim() || undefined;
}
