/**
 * The chat-completions event stream: `data: <json>` events of
 * `chat.completion.chunk` objects, `: OPENROUTER PROCESSING` keep-alive comments
 * before the first chunk, the text cut into `state.chunkChars`-character deltas.
 */
import type http from 'node:http';
import { sleep } from './clock';
import type { FakeGatewayState, FakeRequest } from './types';

export function chunkBase(id: string, model: string, created: number): Record<string, unknown> {
  return { id, provider: 'FakeProvider', model, object: 'chat.completion.chunk', created };
}

export function writeSse(res: http.ServerResponse, data: unknown): void {
  if (!res.writableEnded && !res.destroyed) res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

export function startSse(res: http.ServerResponse, entry: FakeRequest, keepAlives: number): void {
  entry.status = 200;
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  for (let i = 0; i < keepAlives; i++) res.write(': OPENROUTER PROCESSING\n\n');
}

function pieces(text: string, chunkChars: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  const n = Math.max(1, chunkChars);
  for (let i = 0; i < chars.length; i += n) out.push(chars.slice(i, i + n).join(''));
  return out;
}

/** One content delta per piece, `state.chunkDelayMs` apart; stops when the client has gone. */
export async function streamText(state: FakeGatewayState, res: http.ServerResponse, model: string, id: string, created: number, text: string): Promise<void> {
  for (const p of pieces(text, state.chunkChars)) {
    if (res.destroyed) return;
    writeSse(res, {
      ...chunkBase(id, model, created),
      choices: [{ index: 0, delta: { role: 'assistant', content: p }, finish_reason: null, native_finish_reason: null, logprobs: null }],
    });
    if (state.chunkDelayMs > 0) await sleep(state.chunkDelayMs);
  }
}
