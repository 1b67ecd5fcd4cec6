import type { PushMessage, StreamEvent } from '../../../shared/contract';
import type { Result } from '../../../shared/result';

export interface StreamHandlers {
  onEvent(event: StreamEvent): void;
}

/** How the bridge reaches the core: IPC in Electron, HTTP in browser mode. */
export interface Transport {
  readonly kind: 'ipc' | 'http';
  /** `keepalive`: the call outlives the page (a reload or a closed tab does not cancel it). */
  call(method: string, args: unknown[], meta: unknown, options?: { keepalive?: boolean }): Promise<Result<unknown>>;
  /** Starts a stream; events for it go to `onEvent` until done or error. */
  startStream(method: string, args: unknown[], meta: unknown, onEvent: (e: StreamEvent) => void): Promise<Result<{ cancel(): void }>>;
  onPush(listener: (m: PushMessage) => void): () => void;
}
