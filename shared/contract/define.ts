/**
 * Building blocks of the typed contract. Arguments are zod schemas (validated at
 * every boundary); results and chunks are phantom types (the core produces them,
 * so they are checked by the compiler, not at run time).
 */
import type { z } from 'zod';

declare const phantom: unique symbol;
export interface Phantom<T> {
  readonly [phantom]?: T;
}
export const type = <T>(): Phantom<T> => ({});

export type ArgsSchema = z.ZodTuple<readonly z.ZodType[], null>;

export interface CallDef<A extends ArgsSchema, R> {
  kind: 'call';
  args: A;
  result: Phantom<R>;
}

export interface StreamDef<A extends ArgsSchema, C, R> {
  kind: 'stream';
  args: A;
  chunk: Phantom<C>;
  result: Phantom<R>;
}

export const call = <A extends ArgsSchema, R>(def: { args: A; result: Phantom<R> }): CallDef<A, R> => ({
  kind: 'call',
  ...def,
});

export const stream = <A extends ArgsSchema, C, R>(def: {
  args: A;
  chunk: Phantom<C>;
  result: Phantom<R>;
}): StreamDef<A, C, R> => ({ kind: 'stream', ...def });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the widest definition, used only as a constraint
export type AnyDef = CallDef<any, any> | StreamDef<any, any, any>;
