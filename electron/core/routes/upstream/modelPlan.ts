import type { Provider } from '../../../../shared/catalog';
import { SEED_MESSAGES } from '../../../../shared/messages';
import { AppError } from '../../../../shared/result';
import type { ChatBody } from '../../gateway/client';
import { completionCost, observeChatStream } from '../../gateway/sse';
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
    const metered = !opts.bearer;
    const res = await up.client(plan.provider).openChatCompletion({ apiKey, body: chatBody(plan), signal: opts.signal, timeoutMs: opts.timeoutMs, metered });
    return metered ? await meterCost(up, plan, res) : res;
  } catch (e) {
    throw asSeedTimeout(e);
  }
}

/**
 * The raw response, unchanged byte for byte, with its end reported to the credit
 * meter: `usage.cost` (a poll follows even without one) and a mid-stream error
 * chunk such as a 402. Only for the configured key: a caller's own key is not the
 * one the meter shows.
 */
async function meterCost(up: Upstreams, plan: ModelPlan, res: Response): Promise<Response> {
  if (!res.body) return res;
  if (!plan.stream) {
    // Read once and hand on the same bytes: cheaper than `clone()`, which tees the body into two streams.
    const text = await res.text();
    up.reportEnd(plan.provider, { cost: completionCost(parseOrUndefined(text)) }, plan.model);
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
  const observed = observeChatStream(res.body);
  void observed.summary.then((s) => up.reportEnd(plan.provider, { cost: s.cost, error: s.error }, plan.model));
  return new Response(observed.body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // forwarded as is; only the meter goes without its cost
  }
}

/**
 * A whole non-streamed call (retries included) within `timeoutMs`: the upstream's
 * JSON and its text. Metered (cost and errors to the credit meter) only on the
 * configured key, never on a caller's own bearer.
 */
export async function completePlan(up: Upstreams, plan: ModelPlan, opts: RunOptions): Promise<{ json: unknown; text: string }> {
  const apiKey = await up.key(plan.provider, opts.bearer);
  try {
    const done = await up
      .client(plan.provider)
      .completeChat({ apiKey, body: chatBody({ ...plan, stream: false }), signal: opts.signal, timeoutMs: opts.timeoutMs, metered: !opts.bearer });
    return { json: done.completion, text: done.text };
  } catch (e) {
    throw asSeedTimeout(e);
  }
}
