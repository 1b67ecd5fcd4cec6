import { contract, isMethodName, type CallMeta, type StreamEvent } from '../../../shared/contract';
import { parseExplanationLocale } from '../../../shared/locales';
import { err, ok, type AppErrorData, type Result } from '../../../shared/result';
import type { HandlerContext, Handlers } from './handlers';
import { logToConsole, publicErrorData, type InternalErrorLog } from './internalErrors';

export interface StreamSink {
  (event: StreamEvent): void;
}

export interface Dispatcher {
  isStream(method: string): boolean;
  /** Validates and runs a call method. Never throws: every failure is an error value. */
  call(method: string, rawArgs: unknown, opts: CallOptions): Promise<Result<unknown>>;
  /** Validates and starts a stream method; events go to `sink`. */
  startStream(method: string, rawArgs: unknown, sink: StreamSink, opts: CallOptions): Result<{ streamId: string }>;
  cancelStream(streamId: string): boolean;
  /** Aborts every running stream (window closed, app quitting). */
  cancelAll(owner?: string): void;
  readonly running: number;
}

export interface CallOptions {
  transport: HandlerContext['transport'];
  meta?: unknown;
  signal?: AbortSignal;
  /** Streams started by one window/connection, so they can be cancelled together. */
  owner?: string;
}

function badRequest(message: string, details?: Record<string, unknown>): AppErrorData {
  return { code: 'bad_request', message, status: 400, ...(details ? { details } : {}) };
}

function parseMeta(raw: unknown): CallMeta {
  const locale = (raw as { locale?: unknown } | null | undefined)?.locale;
  return locale === undefined ? {} : { locale: parseExplanationLocale(locale) };
}

type Validated = { ok: true; method: keyof typeof contract; args: unknown[] } | { ok: false; error: AppErrorData };

function validate(method: string, rawArgs: unknown, kind: 'call' | 'stream'): Validated {
  if (!isMethodName(method)) return { ok: false, error: { code: 'unknown_method', message: `unknown method: ${method}`, status: 404 } };
  const def = contract[method];
  if (def.kind !== kind) {
    return { ok: false, error: badRequest(`${method} is a ${def.kind} method`) };
  }
  const parsed = def.args.safeParse(rawArgs ?? []);
  if (!parsed.success) {
    return {
      ok: false,
      error: badRequest(`invalid arguments for ${method}`, {
        issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
      }),
    };
  }
  return { ok: true, method, args: parsed.data as unknown[] };
}

type LooseCall = (ctx: HandlerContext, ...args: unknown[]) => Promise<unknown> | unknown;
type LooseStream = (ctx: HandlerContext, ...args: unknown[]) => AsyncGenerator<unknown, unknown, void>;

export interface DispatcherOptions {
  newId?: () => string;
  /** Gets the detail of every `internal` error (the caller only sees its id). */
  logInternal?: InternalErrorLog;
}

export function createDispatcher(handlers: Handlers, opts: DispatcherOptions = {}): Dispatcher {
  const newId = opts.newId ?? (() => crypto.randomUUID());
  const log = opts.logInternal ?? logToConsole;
  const streams = new Map<string, { controller: AbortController; owner?: string }>();

  return {
    get running() {
      return streams.size;
    },
    isStream(method) {
      return isMethodName(method) && contract[method].kind === 'stream';
    },

    async call(method, rawArgs, opts) {
      const v = validate(method, rawArgs, 'call');
      if (!v.ok) return err(v.error);
      const fn = handlers[v.method] as unknown as LooseCall;
      const ctx: HandlerContext = { signal: opts.signal ?? new AbortController().signal, meta: parseMeta(opts.meta), transport: opts.transport };
      try {
        return ok(await fn(ctx, ...v.args));
      } catch (e) {
        return err(publicErrorData(e, method, log));
      }
    },

    startStream(method, rawArgs, sink, opts) {
      const v = validate(method, rawArgs, 'stream');
      if (!v.ok) return err(v.error);
      const id = newId();
      const controller = new AbortController();
      if (opts.signal) {
        if (opts.signal.aborted) controller.abort();
        else opts.signal.addEventListener('abort', () => controller.abort(), { once: true });
      }
      streams.set(id, { controller, owner: opts.owner });
      const ctx: HandlerContext = { signal: controller.signal, meta: parseMeta(opts.meta), transport: opts.transport };
      const fn = handlers[v.method] as unknown as LooseStream;

      // Run after returning the id, so the caller can subscribe before the first chunk.
      queueMicrotask(() => {
        void (async () => {
          const cancelled = () => sink({ id, type: 'error', error: { code: 'cancelled', message: 'cancelled' } });
          try {
            const gen = fn(ctx, ...v.args);
            for (;;) {
              const step = await gen.next();
              if (controller.signal.aborted) {
                await gen.return?.(undefined).catch(() => undefined);
                cancelled();
                return;
              }
              if (step.done) {
                sink({ id, type: 'done', result: step.value });
                return;
              }
              sink({ id, type: 'chunk', chunk: step.value });
            }
          } catch (e) {
            if (controller.signal.aborted) cancelled();
            else sink({ id, type: 'error', error: publicErrorData(e, method, log) });
          } finally {
            streams.delete(id);
          }
        })();
      });
      return ok({ streamId: id });
    },

    cancelStream(streamId) {
      const s = streams.get(streamId);
      if (!s) return false;
      s.controller.abort();
      return true;
    },

    cancelAll(owner) {
      for (const s of streams.values()) if (owner === undefined || s.owner === owner) s.controller.abort();
    },
  };
}
