import type { PushMessage, StreamEvent } from './contract';

/** What the preload exposes as `window.yomimono`. */
export interface PreloadApi {
  call(method: string, args: unknown[], meta?: unknown): Promise<unknown>;
  startStream(method: string, args: unknown[], meta?: unknown): Promise<unknown>;
  cancelStream(streamId: string): Promise<unknown>;
  onStreamEvent(listener: (event: StreamEvent) => void): () => void;
  onPush(listener: (message: PushMessage) => void): () => void;
}
