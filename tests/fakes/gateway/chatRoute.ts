/**
 * POST /chat/completions: the key, then the body (400 without `model` or
 * `messages`), then a scripted step if one is queued, then credits (402: the
 * balance first, then the key's cap) and the `:free` limits (429), then the answer.
 */
import type http from 'node:http';
import { authKey } from './auth';
import { reply } from './completions';
import type { GatewayContext } from './context';
import { sendError } from './respond';
import { runStep } from './script';
import type { FakeRequest } from './types';

export async function handleChat(gw: GatewayContext, req: http.IncomingMessage, res: http.ServerResponse, entry: FakeRequest): Promise<void> {
  const { state } = gw;
  const k = authKey(gw, req, res, entry);
  if (!k) return;
  const body = entry.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    sendError(res, entry, 400, 'Invalid JSON body');
    return;
  }
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || b.model === '') {
    sendError(res, entry, 400, 'No model provided');
    return;
  }
  if (!Array.isArray(b.messages) || b.messages.length === 0) {
    sendError(res, entry, 400, 'Input required: specify "messages"');
    return;
  }
  const model = b.model;
  const stream = b.stream === true;
  const free = model.endsWith(':free');
  const step = gw.scripts.take('/chat/completions');
  if (step && (await runStep(gw, step, res, entry, { k, model, stream, free, body: b }))) return;

  // Credits: the balance first, then the key's own cap.
  if (free ? state.balance < 0 : state.balance <= 0) {
    sendError(res, entry, 402, 'Insufficient credits. Add more using https://openrouter.ai/settings/credits');
    return;
  }
  const r = gw.keys.refresh(k);
  if (!free && r.limit_remaining !== null && r.limit_remaining <= 0) {
    sendError(res, entry, 402, `Key limit exceeded (${r.limit_reset ?? 'total'} limit). Manage it using https://openrouter.ai/settings/keys`);
    return;
  }
  if (free && !gw.free.admit(res, entry, k)) return;
  await reply(gw, res, entry, { k, model, stream, free, body: b }, {});
}
