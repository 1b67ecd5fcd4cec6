import type { PushEvents, PushMessage, PushName } from '../../../shared/contract';

export type PushListener = (message: PushMessage) => void;

/** Core-to-UI events. Transports subscribe; each subscription returns its unsubscribe. */
export class PushBus {
  private readonly listeners = new Set<PushListener>();
  /** Notices raised before any window listened (e.g. a recovered database at start-up). */
  private readonly sticky: PushMessage[] = [];

  emit<E extends PushName>(event: E, payload: PushEvents[E], opts: { sticky?: boolean } = {}): void {
    const message = { event, payload } as PushMessage;
    if (opts.sticky) this.sticky.push(message);
    for (const l of [...this.listeners]) {
      try {
        l(message);
      } catch {
        // One broken listener (a closed window) must not starve the others.
      }
    }
  }

  subscribe(listener: PushListener): () => void {
    this.listeners.add(listener);
    for (const m of this.sticky) listener(m);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }
}
