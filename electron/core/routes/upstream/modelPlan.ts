import type { Provider } from '../../../../shared/catalog';
import { SEED_MESSAGES } from '../../../../shared/messages';
import { AppError } from '../../../../shared/result';
import type { ChatBody } from '../../gateway/client';
import type { ChatMessage, JsonSchemaFormat } from '../../prompts/jsonSchema';
import type { Upstreams } from './upstreams';

/** What a model route decided to ask: built by the transport-free handlers, run by the adapters. */
export interface ModelPlan {
  provider: Provider;
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  responseFormat?: JsonSchemaFormat;
  temperature?: number;
}

export function chatBody(plan: ModelPlan): ChatBody {
  return {
    model: plan.model,
    messages: plan.messages,
    stream: plan.stream,
    ...(plan.responseFormat ? { response_format: plan.responseFormat } : {}),
    ...(plan.temperature !== undefined ? { temperature: plan.temperature } : {}),
  };
}

export interface RunOptions {
  bearer?: string;
  signal: AbortSignal;
  timeoutMs: number;
}

/** The seed's 504 message replaces the client's own timeout wording. */
export function asSeedTimeout(e: unknown): unknown {
  if (e instanceof AppError && e.data.code === 'timeout') {
    return new AppError({ ...e.data, message: SEED_MESSAGES.upstreamTimeout, status: 504 });
  }
  return e;
}

/** Opens the upstream call; for a stream, `timeoutMs` bounds the wait for the headers. */
export async function openPlan(up: Upstreams, plan: ModelPlan, opts: RunOptions): Promise<Response> {
  const apiKey = await up.key(plan.provider, opts.bearer);
  try {
    return await up.client(plan.provider).openChatCompletion({ apiKey, body: chatBody(plan), signal: opts.signal, timeoutMs: opts.timeoutMs });
  } catch (e) {
    throw asSeedTimeout(e);
  }
}

/** A whole non-streamed call (retries included) within `timeoutMs`: the upstream's JSON and its text. */
export async function completePlan(up: Upstreams, plan: ModelPlan, opts: RunOptions): Promise<{ json: unknown; text: string }> {
  const apiKey = await up.key(plan.provider, opts.bearer);
  try {
    const done = await up.client(plan.provider).completeChat({ apiKey, body: chatBody({ ...plan, stream: false }), signal: opts.signal, timeoutMs: opts.timeoutMs });
    return { json: done.completion, text: done.text };
  } catch (e) {
    throw asSeedTimeout(e);
  }
}
