import type { Provider } from '../../../shared/catalog';
import { MODEL_TASKS } from '../../../shared/catalog';
import type { SpendTask } from '../../../shared/usage';
import { SEED_MESSAGES } from '../../../shared/messages';
import { AppError } from '../../../shared/result';
import type { ChatBody, ChatRequest, ForwardedChat, GatewayClient, UsageTag } from '../gateway/client';
import type { ChatStream } from '../gateway/sse';
import type { ChatMessage, JsonSchemaFormat } from '../prompts/jsonSchema';
import type { Upstreams } from './upstreams';

/** What a model task decided to ask (modelTasks.ts): run by the reader service, or forwarded as is by /api/*. */
export interface ModelPlan {
  provider: Provider;
  model: string;
  /** What the answer's usage is counted under (`model_usage`). */
  task: SpendTask;
  messages: ChatMessage[];
  stream: boolean;
  responseFormat?: JsonSchemaFormat;
  temperature?: number;
}

function chatBody(plan: ModelPlan): ChatBody {
  return {
    model: plan.model,
    messages: plan.messages,
    stream: plan.stream,
    ...(plan.responseFormat ? { response_format: plan.responseFormat } : {}),
    ...(plan.temperature !== undefined ? { temperature: plan.temperature } : {}),
    // The gateway then reports each answer's tokens and cost (the reading view and the meter show them).
    ...(plan.provider === 'openrouter' ? { usage: { include: true } } : {}),
    // A local server streams its token counts only when asked, the OpenAI way.
    ...(plan.provider === 'local' && plan.stream ? { stream_options: { include_usage: true } } : {}),
  };
}

/** One tag per task, built once: a proxied /api call allocates none. */
const TASK_TAGS = Object.fromEntries([...MODEL_TASKS, 'daily'].map((task) => [task, Object.freeze({ task })])) as Record<SpendTask, UsageTag>;

export interface RunOptions {
  bearer?: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** The history document the answer's usage belongs to. */
  documentId?: number;
}

/** A timeout is 504 with SEED_MESSAGES.upstreamTimeout, not the client's own wording. */
function asSeedTimeout(e: unknown): unknown {
  if (e instanceof AppError && e.data.code === 'timeout') {
    return new AppError({ ...e.data, message: SEED_MESSAGES.upstreamTimeout, status: 504 });
  }
  return e;
}

/**
 * Runs `call` with the key the plan uses (the caller's own bearer, else the
 * configured one) and the routes' timeout wording (`asSeedTimeout`). Only the configured key is
 * metered: a caller's own key is not the one the meter shows.
 */
async function withKey<T>(up: Upstreams, plan: ModelPlan, opts: RunOptions, call: (client: GatewayClient, req: ChatRequest) => Promise<T>): Promise<T> {
  const apiKey = await up.key(plan.provider, opts.bearer);
  try {
    const usageTag = opts.documentId === undefined ? TASK_TAGS[plan.task] : { task: plan.task, documentId: opts.documentId };
    return await call(up.client(plan.provider), { apiKey, body: chatBody(plan), signal: opts.signal, timeoutMs: opts.timeoutMs, metered: !opts.bearer, usageTag });
  } catch (e) {
    throw asSeedTimeout(plan.provider === 'local' ? fromLocalServer(e) : e);
  }
}

/** A failure of the local server says so (`details.service`): "start Ollama" is the advice, not "check the internet". */
function fromLocalServer(e: unknown): unknown {
  return e instanceof AppError ? new AppError({ ...e.data, details: { ...e.data.details, service: 'local' } }) : e;
}

/**
 * The upstream's answer unchanged, for the HTTP routes to pass on: a
 * non-streamed body whole (`timeoutMs` covers it), or a stream's raw chunks
 * (`timeoutMs` bounds the headers).
 */
export function forwardPlan(up: Upstreams, plan: ModelPlan, opts: RunOptions): Promise<ForwardedChat> {
  return withKey(up, plan, opts, (client, req) => client.forwardChatCompletion(req));
}

/** A stream parsed by the client, for a caller that wants the text rather than the bytes. */
export function streamPlan(up: Upstreams, plan: ModelPlan, opts: RunOptions): Promise<ChatStream> {
  return withKey(up, { ...plan, stream: true }, opts, (client, req) => client.streamChatCompletion(req));
}

/** A whole non-streamed call (retries included) within `timeoutMs`: the upstream's JSON and its text. */
export async function completePlan(up: Upstreams, plan: ModelPlan, opts: RunOptions): Promise<{ json: unknown; text: string }> {
  const done = await withKey(up, { ...plan, stream: false }, opts, (client, req) => client.completeChat(req));
  return { json: done.completion, text: done.text };
}
