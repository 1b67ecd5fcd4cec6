import type { StreamEvent } from '../../shared/contract';
import type { Core } from '../../electron/core/app/createCore';

/** Runs a stream method through the core's dispatcher and collects every event. */
export function streamEvents(core: Core, method: string, args: unknown[], meta?: unknown): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  return new Promise((resolve) => {
    const r = core.dispatcher.startStream(
      method,
      args,
      (e) => {
        events.push(e);
        if (e.type !== 'chunk') resolve(events);
      },
      { transport: 'ipc', meta },
    );
    if (!r.ok) resolve([{ id: '-', type: 'error', error: r.error }]);
  });
}

/** The stream's chunks and its result; throws with the error when it failed. */
export async function streamResult<C = unknown, R = unknown>(core: Core, method: string, args: unknown[], meta?: unknown): Promise<{ chunks: C[]; result: R }> {
  const events = await streamEvents(core, method, args, meta);
  const last = events.at(-1)!;
  if (last.type === 'error') throw new Error(`${method}: ${last.error.code}: ${last.error.message}`);
  if (last.type !== 'done') throw new Error(`${method}: no end`);
  return { chunks: events.filter((e) => e.type === 'chunk').map((e) => (e as { chunk: C }).chunk), result: last.result as R };
}

/** Calls a method through the dispatcher (validated like every transport); throws on an error value. */
export async function callOk<T = unknown>(core: Core, method: string, ...args: unknown[]): Promise<T> {
  const r = await core.dispatcher.call(method, args, { transport: 'ipc' });
  if (!r.ok) throw Object.assign(new Error(`${method}: ${r.error.code}: ${r.error.message}`), { data: r.error });
  return r.value as T;
}

export async function callErr(core: Core, method: string, ...args: unknown[]) {
  const r = await core.dispatcher.call(method, args, { transport: 'ipc' });
  if (r.ok) throw new Error(`${method} succeeded: ${JSON.stringify(r.value)}`);
  return r.error;
}
