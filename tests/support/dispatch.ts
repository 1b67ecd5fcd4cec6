import type { StreamEvent } from '../../shared/contract';
import type { CallOptions } from '../../electron/core/rpc/dispatcher';
import type { TestCore as Core } from './testCore';

type Transport = CallOptions['transport'];

/** A core reached over a given transport; a bare core is reached over IPC. */
export interface Over {
  core: Core;
  transport: Transport;
}
export type Target = Core | Over;

/** `callOk(over(core, 'http'), …)`: the call goes through the dispatcher as that transport. */
export const over = (core: Core, transport: Transport): Over => ({ core, transport });

function target(t: Target): Over {
  return 'dispatcher' in t ? { core: t, transport: 'ipc' } : t;
}

/** Runs a stream method through the core's dispatcher and collects every event. */
export function streamEvents(to: Target, method: string, args: unknown[], meta?: unknown): Promise<StreamEvent[]> {
  const { core, transport } = target(to);
  const events: StreamEvent[] = [];
  return new Promise((resolve) => {
    const r = core.dispatcher.startStream(
      method,
      args,
      (e) => {
        events.push(e);
        if (e.type !== 'chunk') resolve(events);
      },
      { transport, meta },
    );
    if (!r.ok) resolve([{ id: '-', type: 'error', error: r.error }]);
  });
}

/** The stream's chunks and its result; throws with the error when it failed. */
export async function streamResult<C = unknown, R = unknown>(to: Target, method: string, args: unknown[], meta?: unknown): Promise<{ chunks: C[]; result: R }> {
  const events = await streamEvents(to, method, args, meta);
  const last = events.at(-1)!;
  if (last.type === 'error') throw new Error(`${method}: ${last.error.code}: ${last.error.message}`);
  if (last.type !== 'done') throw new Error(`${method}: no end`);
  return { chunks: events.filter((e) => e.type === 'chunk').map((e) => (e as { chunk: C }).chunk), result: last.result as R };
}

/** Calls a method through the dispatcher (validated like every transport); throws on an error value. */
export async function callOk<T = unknown>(to: Target, method: string, ...args: unknown[]): Promise<T> {
  const { core, transport } = target(to);
  const r = await core.dispatcher.call(method, args, { transport });
  if (!r.ok) throw Object.assign(new Error(`${method}: ${r.error.code}: ${r.error.message}`), { data: r.error });
  return r.value as T;
}

export async function callErr(to: Target, method: string, ...args: unknown[]) {
  const { core, transport } = target(to);
  const r = await core.dispatcher.call(method, args, { transport });
  if (r.ok) throw new Error(`${method} succeeded: ${JSON.stringify(r.value)}`);
  return r.error;
}
