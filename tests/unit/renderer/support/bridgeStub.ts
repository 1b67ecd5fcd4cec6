/**
 * A plain-object bridge for store tests in Node: calls answer from a table,
 * streams are fed by the test (chunks, then the result).
 */
import type { Result } from '../../../../shared/result';

export interface StubStream {
  method: string;
  args: unknown[];
  cancelled: boolean;
  push(chunk: unknown): void;
  finish(result: Result<unknown>): void;
}

export function makeBridgeStub() {
  const streams: StubStream[] = [];
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const answers = new Map<string, (...args: unknown[]) => Result<unknown>>();

  const stream = (method: string, ...args: unknown[]) => {
    const queue: unknown[] = [];
    let done = false;
    let wake: (() => void) | undefined;
    let settle!: (r: Result<unknown>) => void;
    const result = new Promise<Result<unknown>>((r) => (settle = r));
    const s: StubStream = {
      method,
      args,
      cancelled: false,
      push(chunk) {
        queue.push(chunk);
        wake?.();
      },
      finish(r) {
        done = true;
        settle(r);
        wake?.();
      },
    };
    streams.push(s);
    return {
      result,
      cancel() {
        if (done) return;
        s.cancelled = true;
        s.finish({ ok: false, error: { code: 'cancelled', message: 'cancelled' } });
      },
      async *[Symbol.asyncIterator]() {
        for (;;) {
          if (queue.length) yield queue.shift();
          else if (done) return;
          else await new Promise<void>((r) => (wake = r));
        }
      },
    };
  };

  const bridge = {
    kind: 'http' as const,
    async call(method: string, ...args: unknown[]): Promise<Result<unknown>> {
      calls.push({ method, args });
      const answer = answers.get(method);
      return answer ? answer(...args) : { ok: false, error: { code: 'not_found', message: `no stub for ${method}` } };
    },
    stream,
    on: () => () => undefined,
  };
  return { bridge, streams, calls, answers, last: (method: string) => streams.filter((s) => s.method === method).at(-1) };
}

/** Lets queued microtasks and timers run (stream loops, per-frame flushes). */
export const settle = (ms = 5) => new Promise((r) => setTimeout(r, ms));

/** What the stores touch of the browser at import time, for Node. Call before importing a store. */
export function installBrowserGlobals(): void {
  const g = globalThis as unknown as Record<string, unknown>;
  g.window ??= new EventTarget();
  g.requestAnimationFrame ??= (cb: (t: number) => void) => setTimeout(() => cb(0), 0);
  g.cancelAnimationFrame ??= (id: ReturnType<typeof setTimeout>) => clearTimeout(id);
}

let current: unknown;

/**
 * What `renderer/src/bridge` exports, answering through the stub set with
 * `setStubbedBridge`. Use: `vi.mock('<path to>/renderer/src/bridge', async () =>
 * (await import('../support/bridgeStub')).stubbedBridgeModule);`
 */
export const stubbedBridgeModule = {
  get bridge() {
    return current;
  },
  setCallMeta: () => undefined,
  withCallMeta: (_meta: unknown, start: () => unknown) => start(),
};

export function setStubbedBridge(bridge: unknown): void {
  current = bridge;
}
