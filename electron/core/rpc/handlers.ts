import type { ArgsOut, CallMeta, CallName, ChunkOf, ResultOf, StreamName } from '../../../shared/contract';

export interface HandlerContext {
  /** Aborted when the caller cancels, disconnects or the app shuts down. */
  signal: AbortSignal;
  meta: CallMeta;
  transport: 'ipc' | 'http';
}

type Tuple<T> = T extends readonly unknown[] ? T : never;

/** The core's implementation of every contract method: plain async functions and generators. */
export type Handlers = {
  [K in CallName]: (ctx: HandlerContext, ...args: Tuple<ArgsOut<K>>) => Promise<ResultOf<K>> | ResultOf<K>;
} & {
  [K in StreamName]: (ctx: HandlerContext, ...args: Tuple<ArgsOut<K>>) => AsyncGenerator<ChunkOf<K>, ResultOf<K>, void>;
};
