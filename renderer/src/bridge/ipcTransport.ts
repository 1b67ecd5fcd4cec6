import type { StreamEvent } from '../../../shared/contract';
import type { PreloadApi } from '../../../shared/preloadApi';
import type { Result } from '../../../shared/result';
import type { Transport } from './transport';

const UNCLAIMED_TTL_MS = 10_000;

/**
 * Electron transport over `window.yomimono`. Stream events can overtake the
 * reply that carries the stream id, so events for ids not yet claimed are held
 * briefly and replayed when the id arrives.
 */
export function ipcTransport(api: PreloadApi): Transport {
  const claimed = new Map<string, (e: StreamEvent) => void>();
  const unclaimed = new Map<string, { events: StreamEvent[]; at: number }>();

  api.onStreamEvent((ev) => {
    const target = claimed.get(ev.id);
    if (target) {
      if (ev.type !== 'chunk') claimed.delete(ev.id);
      target(ev);
      return;
    }
    const now = Date.now();
    for (const [id, u] of unclaimed) if (now - u.at > UNCLAIMED_TTL_MS) unclaimed.delete(id);
    const entry = unclaimed.get(ev.id) ?? { events: [], at: now };
    entry.events.push(ev);
    unclaimed.set(ev.id, entry);
  });

  return {
    kind: 'ipc',
    call: (method, args, meta) => api.call(method, args, meta) as Promise<Result<unknown>>,
    async startStream(method, args, meta, onEvent) {
      const started = (await api.startStream(method, args, meta)) as Result<{ streamId: string }>;
      if (!started.ok) return started;
      const id = started.value.streamId;
      let finished = false;
      const deliver = (ev: StreamEvent) => {
        if (finished) return;
        if (ev.type !== 'chunk') finished = true;
        onEvent(ev);
      };
      claimed.set(id, deliver);
      for (const ev of unclaimed.get(id)?.events ?? []) deliver(ev);
      unclaimed.delete(id);
      if (finished) claimed.delete(id);
      return { ok: true, value: { cancel: () => void api.cancelStream(id) } };
    },
    onPush: (listener) => api.onPush(listener),
  };
}
