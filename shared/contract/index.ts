/**
 * The typed contract between the renderer and the core: one declaration per
 * method. The IPC binding, the preload object, the renderer bridge and the
 * browser-mode `/rpc` routes are all derived from this table.
 */
import type { z } from 'zod';
import { appMethods, type AppInfo } from './app';
import { gatewayMethods } from './gateway';
import type { CreditsState } from '../credits';
import { readerMethods } from './reader';
import { libraryMethods } from './library';
import { reviewMethods } from './review';
import { cardsMethods, type AnkiProgress } from './cards';
import { dictionaryMethods } from './dictionary';
import type { DictionaryProgress } from './dictionary';
import { booksMethods } from './books';
import { readingsMethods } from './readings';
import type { ReadingCorrection } from './readings';
import { windowMethods } from './window';
import { coverageMethods } from './coverage';
import type { CoverageProgress } from './coverage';
import { statsMethods } from './stats';
import { wordsMethods } from './words';
import type { WordImportProgress, WordsChanged } from './words';
import type { AnyDef, CallDef, Phantom, StreamDef } from './define';
import type { ExplanationLocale } from '../locales';
import type { AppErrorData } from '../result';
import type { Settings } from '../settings';


/**
 * Every method, by domain. Each domain file declares its methods; this table is
 * the union the transports are derived from.
 */
export const contract = {
  ...appMethods,
  ...gatewayMethods,
  ...readerMethods,
  ...libraryMethods,
  ...reviewMethods,
  ...cardsMethods,
  ...dictionaryMethods,
  ...booksMethods,
  ...readingsMethods,
  ...windowMethods,
  ...coverageMethods,
  ...statsMethods,
  ...wordsMethods,
} satisfies Record<string, AnyDef>;

export type { AppInfo };

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
  /** The credit meter changed: a poll, a completion's cost, a key edit or a key change. */
  'credits.updated': CreditsState;
  /** An offline dictionary download or import is under way. */
  'dictionary.progress': DictionaryProgress;
  /** A book chosen from the File menu was imported (or refused): the window shows it in the library. */
  'books.imported': { ok: true; id: number; title: string } | { ok: false; error: AppErrorData };
  /** A reading was corrected by hand, or its correction forgotten (null): every view shows the word so. */
  'readings.changed': { word: string; correction: ReadingCorrection | null };
  /** An Anki export made another note (or failed one): a progress bar follows. */
  'cards.ankiProgress': AnkiProgress;
  /** Word statuses changed (a mark, an import, a review card): every view repaints those words at once. */
  'words.changed': WordsChanged;
  /** An import into the word store is under way. */
  'words.importProgress': WordImportProgress;
  /** A book's coverage is being measured from scratch (a library card shows how far). */
  'coverage.progress': CoverageProgress;
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
  /** The language of explanations (and, unless it is Japanese, of translations). */
  locale?: ExplanationLocale;
}
