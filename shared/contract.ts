/**
 * The typed contract between the renderer and the core: one declaration per
 * method. The IPC binding, the preload object, the renderer bridge and the
 * browser-mode `/rpc` routes are all derived from this table.
 */
import { z } from 'zod';
import { call, stream, type, type AnyDef, type CallDef, type Phantom, type StreamDef } from './contract/define';
import type { Locale } from './locales';
import type { AppErrorData } from './result';
import { SECRET_NAMES, type SecretsStatus } from './secrets';
import { SettingsPatchSchema, type Settings } from './settings';

export interface AppInfo {
  name: string;
  version: string;
  /** `electron` in the desktop app, `browser` behind `npm run serve`. */
  mode: 'electron' | 'browser';
  platform: string;
  dataDir: string;
  schemaVersion: number;
}

export const contract = {
  'app.info': call({ args: z.tuple([]), result: type<AppInfo>() }),
  'settings.get': call({ args: z.tuple([]), result: type<Settings>() }),
  'settings.set': call({ args: z.tuple([SettingsPatchSchema]), result: type<Settings>() }),
  'secrets.status': call({ args: z.tuple([]), result: type<SecretsStatus>() }),
  'secrets.set': call({
    args: z.tuple([z.enum(SECRET_NAMES), z.string().trim().min(8).max(4096)]),
    result: type<SecretsStatus>(),
  }),
  'secrets.clear': call({ args: z.tuple([z.enum(SECRET_NAMES)]), result: type<SecretsStatus>() }),
  /** A diagnostic stream: counts up, one chunk per tick. Used by tests of every transport. */
  'dev.count': stream({
    args: z.tuple([
      z.object({ to: z.number().int().min(0).max(10_000), intervalMs: z.number().int().min(0).max(5_000).default(0) }),
    ]),
    chunk: type<number>(),
    result: type<{ count: number }>(),
  }),
} satisfies Record<string, AnyDef>;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type CallName = { [K in MethodName]: Contract[K] extends CallDef<infer _A, infer _R> ? K : never }[MethodName];
export type StreamName = { [K in MethodName]: Contract[K] extends StreamDef<infer _A, infer _C, infer _R> ? K : never }[MethodName];

/** Arguments as a caller writes them (defaults may be omitted). */
export type ArgsIn<M extends MethodName> = z.input<Contract[M]['args']>;
/** Arguments as the core receives them, validated and with defaults applied. */
export type ArgsOut<M extends MethodName> = z.output<Contract[M]['args']>;
export type ResultOf<M extends MethodName> = Contract[M]['result'] extends Phantom<infer R> ? R : never;
export type ChunkOf<M extends StreamName> = Contract[M]['chunk'] extends Phantom<infer C> ? C : never;

export const METHOD_NAMES = Object.keys(contract) as MethodName[];

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(contract, name);
}

/** Pushes from the core: typed events, no request. */
export interface PushEvents {
  /** The database was unreadable and has been replaced; the old file was kept. */
  'app.notice': { kind: 'database-recovered'; movedTo: string; reason: string } | { kind: 'info'; message: string };
  'settings.changed': Settings;
}
export type PushName = keyof PushEvents;
export interface PushMessage<E extends PushName = PushName> {
  event: E;
  payload: PushEvents[E];
}

/** One event of a running stream, keyed by the id returned when it started. */
export type StreamEvent =
  | { id: string; type: 'chunk'; chunk: unknown }
  | { id: string; type: 'done'; result: unknown }
  | { id: string; type: 'error'; error: AppErrorData };

/** Per-call context sent alongside arguments (the UI's locale drives model output language). */
export interface CallMeta {
  locale?: Locale;
}
