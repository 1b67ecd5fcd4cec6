import type { z } from 'zod';
import type { CallMeta, Contract } from '../../../shared/contract';
import type { AnyDef, CallDef, StreamDef } from '../../../shared/contract/define';

export interface HandlerContext {
  /** Aborted when the caller cancels, disconnects or the app shuts down. */
  signal: AbortSignal;
  meta: CallMeta;
  transport: 'ipc' | 'http';
}

type Tuple<T> = T extends readonly unknown[] ? T : never;

/** Implementations of a table of methods: plain async functions for calls, async generators for streams. */
export type HandlersFor<T extends Record<string, AnyDef>> = {
  [K in keyof T]: T[K] extends CallDef<infer A, infer R>
    ? (ctx: HandlerContext, ...args: Tuple<z.output<A>>) => Promise<R> | R
    : T[K] extends StreamDef<infer A, infer C, infer R>
      ? (ctx: HandlerContext, ...args: Tuple<z.output<A>>) => AsyncGenerator<C, R, void>
      : never;
};

/** The core's implementation of every contract method. */
export type Handlers = HandlersFor<Contract>;
