/**
 * Failure injection: one-shot steps queued by `gw.script(...)`, each taken by
 * the next request on its path and played instead of (or, for `reply`, as) the
 * normal answer: error bodies, raw bodies, floods, dropped or hanging
 * connections, and streams that fail, stall or stop part-way.
 */
import http from 'node:http';
import { flood } from '../flood';
import { newCompletionId, reply, type ChatCtx } from './completions';
import type { GatewayContext } from './context';
import { sendError, sendJson } from './respond';
import { chunkBase, startSse, streamText, writeSse } from './sse';
import type { FakeRequest, ScriptStep } from './types';

export interface ScriptQueue {
  push(...steps: ScriptStep[]): void;
  /** The first queued step for the path ('/chat/completions' when a step names none), removed from the queue. */
  take(path: string): ScriptStep | undefined;
  pending(): number;
}

export function createScriptQueue(): ScriptQueue {
  const steps: ScriptStep[] = [];
  return {
    push: (...more) => {
      steps.push(...more);
    },
    take(path) {
      const i = steps.findIndex((s) => (s.path ?? '/chat/completions') === path);
      return i < 0 ? undefined : steps.splice(i, 1)[0];
    },
    pending: () => steps.length,
  };
}

/** Plays a scripted step; false when the step only adjusts a normal answer it then leaves to the caller. */
export async function runStep(gw: GatewayContext, step: ScriptStep, res: http.ServerResponse, entry: FakeRequest, ctx: ChatCtx | undefined): Promise<boolean> {
  switch (step.kind) {
    case 'error': {
      const headers: Record<string, string> = { ...step.headers };
      if (step.retryAfter !== undefined) headers['Retry-After'] = String(step.retryAfter);
      if (step.rateLimit) {
        headers['X-RateLimit-Limit'] = String(step.rateLimit.limit);
        headers['X-RateLimit-Remaining'] = String(step.rateLimit.remaining);
        headers['X-RateLimit-Reset'] = String(step.rateLimit.reset);
      }
      sendError(res, entry, step.status, step.message ?? http.STATUS_CODES[step.status] ?? 'Error', step.metadata, headers);
      return true;
    }
    case 'raw':
      sendJson(res, entry, step.status, step.body, step.headers);
      return true;
    case 'flood':
      entry.status = 200;
      gw.floods.push(
        flood(res, {
          encoding: step.encoding,
          bytes: step.bytes,
          ...(step.sse
            ? { contentType: 'text/event-stream', prefix: 'data: {"choices":[{"index":0,"delta":{"content":"' }
            : { prefix: '{"choices":[{"message":{"content":"' }),
        }),
      );
      return true;
    case 'drop':
      entry.status = 0;
      res.socket?.destroy();
      return true;
    case 'hang':
      return true;
    case 'reply':
      if (!ctx) return false;
      await reply(gw, res, entry, ctx, step);
      return true;
    case 'midStreamError':
    case 'stall':
    case 'truncate': {
      if (!ctx) return false;
      const { id, created } = newCompletionId(gw);
      startSse(res, entry, gw.state.keepAlives);
      await streamText(gw.state, res, ctx.model, id, created, step.text ?? '');
      if (step.kind === 'midStreamError') {
        writeSse(res, {
          ...chunkBase(id, ctx.model, created),
          error: { code: step.code ?? 502, message: step.message ?? 'Provider disconnected', ...(step.metadata ? { metadata: step.metadata } : {}) },
          choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
        });
        res.end();
      } else if (step.kind === 'truncate') {
        res.end();
      }
      // 'stall': leave the response open; close() or the client ends it.
      return true;
    }
  }
}
