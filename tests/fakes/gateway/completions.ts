/**
 * A normal chat-completions answer: OpenAI JSON, or SSE ending with a stop chunk,
 * a usage chunk carrying `usage.cost` and `[DONE]`. The cost (0 for `:free`) is
 * charged to the key's usage windows and the balance once the answer is sent.
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { sleep } from './clock';
import type { GatewayContext } from './context';
import { sendJson } from './respond';
import { chunkBase, startSse, streamText, writeSse } from './sse';
import type { FakeKey, FakeRequest } from './types';

/** The chat request being answered, checked. */
export interface ChatCtx {
  k: FakeKey;
  model: string;
  stream: boolean;
  free: boolean;
  body: Record<string, unknown>;
}

/** A step's changes to the normal answer; unset ones come from `state`. */
export interface ReplyOptions {
  text?: string;
  cost?: number;
  delayMs?: number;
  keepAlives?: number;
}

export function newCompletionId(gw: Pick<GatewayContext, 'state'>): { id: string; created: number } {
  return { id: `gen-${randomUUID()}`, created: Math.floor(gw.state.now() / 1000) };
}

export async function reply(gw: Pick<GatewayContext, 'state' | 'keys'>, res: http.ServerResponse, entry: FakeRequest, ctx: ChatCtx, o: ReplyOptions): Promise<void> {
  const { state } = gw;
  const delay = o.delayMs ?? state.delayMs;
  if (delay > 0) await sleep(delay);
  if (res.destroyed) return;
  const text = o.text ?? (typeof state.reply === 'function' ? state.reply(ctx.body) : state.reply);
  const cost = ctx.free ? 0 : (o.cost ?? state.costPerRequest);
  const promptTokens = Math.ceil(JSON.stringify(ctx.body.messages).length / 4);
  const completionTokens = Math.max(1, Math.ceil([...text].length / 2));
  const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens, cost, is_byok: false };
  const { id, created } = newCompletionId(gw);
  if (!ctx.stream) {
    gw.keys.charge(ctx.k, cost);
    sendJson(res, entry, 200, {
      id,
      provider: 'FakeProvider',
      model: ctx.model,
      object: 'chat.completion',
      created,
      choices: [{ index: 0, logprobs: null, finish_reason: 'stop', native_finish_reason: 'stop', message: { role: 'assistant', content: text, refusal: null } }],
      usage,
    });
    return;
  }
  startSse(res, entry, o.keepAlives ?? state.keepAlives);
  await streamText(state, res, ctx.model, id, created, text);
  if (res.destroyed) return;
  writeSse(res, {
    ...chunkBase(id, ctx.model, created),
    choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'stop', native_finish_reason: 'stop', logprobs: null }],
  });
  // The last chunk carries the usage and its cost.
  writeSse(res, { ...chunkBase(id, ctx.model, created), choices: [], usage });
  writeSse(res, '[DONE]');
  gw.keys.charge(ctx.k, cost);
  res.end();
}
