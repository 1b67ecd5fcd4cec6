/**
 * The embedded offline analyzer: kuromoji (IPADIC) in a worker thread, loaded once and
 * lazily, producing the app's `Token` shape.
 *
 * Why kuromoji 0.1.2: it is already a dependency, pure JS (nothing native to rebuild for
 * Electron), Apache-2.0, and IPADIC's tags and katakana readings map directly onto the
 * app's part-of-speech set and furigana. Its weak points are age (its CHANGELOG ends at
 * 0.1.1, 2016) and a slow loader (5–8 s, ~340 MB RSS on the 2-core dev VM); the loader is
 * replaced in ./worker.ts, the tokenizer is kuromoji's, unchanged. Alternatives on npm
 * (not installed, so not measured here):
 * - @sglkc/kuromoji 1.1.0 (Apache-2.0): a fork for browser compatibility (fflate instead
 *   of zlibjs); same IPADIC dictionary and Viterbi tokenizer, so the same accuracy.
 * - lindera-wasm 1.1.0 with lindera-wasm-ipadic 1.0.0 (MIT): Lindera (Rust) compiled to
 *   WASM with IPADIC embedded; load time unmeasured, same dictionary so similar accuracy,
 *   a single published version of lindera-wasm and a different token API to map.
 * Neither changes accuracy (same IPADIC), so the dependency we already have wins.
 *
 * Text is split (./segment.ts) and kuromoji's tokens mapped (./tokenize.ts) on this side:
 * it is cheap, and keeps all the mapping in typed, testable code.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Token } from '../../../shared/domain';
import { AppError } from '../../../shared/result';
import { chunkText, segmentText, type Segment } from './segment';
import { assembleTokens, textSegments } from './tokenize';
import { WORKER_SOURCE, isWorkerMessage, type TokenizeRequest, type WorkerInput, type WorkerMessage } from './worker';

export interface AnalyzerOptions {
  /** Folder with kuromoji's *.dat.gz files; a packaged app passes its resources path. Default: kuromoji's own `dict`. */
  dictPath?: string;
  /** kuromoji's package.json (its sources are loaded relative to it). Default: resolved from this module. */
  kuromojiPackageJson?: string;
  /** Where a decompressed copy of the dictionary is kept so later loads skip gunzip. Default: none. */
  cacheDir?: string;
  /**
   * A decompressed dictionary made at build time (`prepareDictionary`), read before
   * `cacheDir` so even the first launch skips gunzip. Default: none.
   */
  prebuiltDir?: string;
  /** Run this worker file instead of the built-in one (it must speak the same messages). */
  workerUrl?: URL | string;
  /** Longest input accepted, in UTF-16 units (default 2,000,000). */
  maxChars?: number;
  /** Input is sent to the worker in chunks of about this many characters (default 8,000). */
  chunkChars?: number;
  /**
   * The chunks of background work (`{ background: true }`), smaller (default 1,500 characters, about
   * 30 ms of the worker's time): a call someone waits on waits for at most one of them.
   */
  backgroundChunkChars?: number;
  /** V8 heap limit of the worker in MB (default 512); exceeding it ends the worker, not the app. */
  maxHeapMb?: number;
}

export interface AnalyzerReady {
  /** From starting the worker to a usable tokenizer, in ms. */
  loadMs: number;
  /** True when a decompressed dictionary (prebuilt or cached) was used. */
  fromCache: boolean;
  /** True when it was the build's prebuilt one. */
  prebuilt: boolean;
}

export interface AnalyzerStats {
  /** Workers started so far (1 after any number of calls, unless a load failed or the worker died). */
  workerStarts: number;
  loaded: boolean;
  queued: number;
}

export interface TokenizeOptions {
  /**
   * Work nobody waits on (a whole book measured for coverage): its chunks go to the worker only
   * when no other call is waiting, so the reader's furigana and a hover's lookup are not held up by it.
   */
  background?: boolean;
}

export interface Analyzer {
  /** Tokens whose words concatenate back to `text`. Rejects with an AppError. */
  tokenize(text: string, signal?: AbortSignal, opts?: TokenizeOptions): Promise<Token[]>;
  /** Starts loading if needed; resolves once the tokenizer is usable. */
  ready(): Promise<AnalyzerReady>;
  /** Ends the worker; pending and later calls reject. */
  close(): Promise<void>;
  stats(): AnalyzerStats;
}

interface Job {
  chunks: string[];
  background: boolean;
  next: number;
  tokens: Token[];
  done: boolean;
  resolve: (tokens: Token[]) => void;
  reject: (e: AppError) => void;
  cleanup: () => void;
}

interface InFlight {
  id: number;
  job: Job;
  segments: Segment[];
}

const DEFAULT_MAX_CHARS = 2_000_000;
const DEFAULT_CHUNK_CHARS = 8_000;
const DEFAULT_BACKGROUND_CHUNK_CHARS = 1_500;
const DEFAULT_MAX_HEAP_MB = 512;

function defaultKuromojiPackageJson(): string {
  return createRequire(import.meta.url).resolve('kuromoji/package.json');
}

const cancelled = (): AppError => new AppError({ code: 'cancelled', message: 'cancelled' });

export function createAnalyzer(opts: AnalyzerOptions = {}): Analyzer {
  const maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
  const chunkChars = Math.max(2, opts.chunkChars ?? DEFAULT_CHUNK_CHARS);
  const backgroundChunkChars = Math.max(2, opts.backgroundChunkChars ?? DEFAULT_BACKGROUND_CHUNK_CHARS);

  let worker: Worker | null = null;
  let loading: Promise<AnalyzerReady> | null = null;
  let failLoad: ((e: AppError) => void) | null = null;
  let loaded = false;
  let closed = false;
  let workerStarts = 0;
  let nextId = 1;
  /** Calls someone waits on, taking turns chunk by chunk; background work only when this is empty. */
  const queue: Job[] = [];
  const background: Job[] = [];
  let inFlight: InFlight | null = null;
  const queueOf = (job: Job) => (job.background ? background : queue);

  /** Keeps the process alive only while someone waits on the worker. */
  function updateRef(): void {
    if (worker === null) return;
    if (!loaded || inFlight !== null || queue.length > 0 || background.length > 0) worker.ref();
    else worker.unref();
  }

  function settle(job: Job, outcome: { tokens: Token[] } | { error: AppError }): void {
    if (job.done) return;
    job.done = true;
    job.cleanup();
    if ('tokens' in outcome) job.resolve(outcome.tokens);
    else job.reject(outcome.error);
  }

  /** The worker is gone or unusable: fail everything waiting and allow a fresh start later. */
  function fail(error: AppError): void {
    const w = worker;
    worker = null;
    loading = null;
    loaded = false;
    failLoad?.(error);
    failLoad = null;
    if (inFlight !== null) settle(inFlight.job, { error });
    inFlight = null;
    for (const job of [...queue.splice(0), ...background.splice(0)]) settle(job, { error });
    if (w !== null) void w.terminate().catch(() => undefined);
  }

  function resolveInputs(): WorkerInput {
    const kuromojiPackageJson = opts.kuromojiPackageJson ?? defaultKuromojiPackageJson();
    const input: WorkerInput = {
      kuromojiPackageJson,
      dictPath: opts.dictPath ?? path.join(path.dirname(kuromojiPackageJson), 'dict'),
    };
    if (opts.cacheDir !== undefined) input.cacheDir = opts.cacheDir;
    if (opts.prebuiltDir !== undefined) input.prebuiltDir = opts.prebuiltDir;
    return input;
  }

  function start(): Promise<AnalyzerReady> {
    if (loading !== null) return loading;
    const started = performance.now();
    workerStarts += 1;
    loading = new Promise<AnalyzerReady>((resolve, reject) => {
      failLoad = reject;
      let input: WorkerInput;
      let w: Worker;
      try {
        input = resolveInputs();
        const options = { workerData: input, resourceLimits: { maxOldGenerationSizeMb: opts.maxHeapMb ?? DEFAULT_MAX_HEAP_MB } };
        w = opts.workerUrl !== undefined ? new Worker(opts.workerUrl, options) : new Worker(WORKER_SOURCE, { ...options, eval: true });
      } catch (e) {
        const message = `offline analyzer could not start: ${e instanceof Error ? e.message : String(e)}`;
        queueMicrotask(() => fail(new AppError({ code: 'internal', message })));
        return;
      }
      worker = w;
      w.on('message', (msg: unknown) => {
        if (worker !== w || !isWorkerMessage(msg)) return;
        onMessage(msg, resolve, started, input);
      });
      w.on('error', (e: Error) => {
        if (worker !== w) return;
        const outOfMemory = (e as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        fail(
          new AppError({
            code: outOfMemory ? 'too_large' : 'internal',
            message: `offline analyzer stopped: ${e.message}`,
          }),
        );
      });
      w.on('exit', (code) => {
        if (worker !== w) return;
        fail(new AppError({ code: 'internal', message: `offline analyzer exited (code ${code})` }));
      });
    });
    // Callers get the rejection through ready()/tokenize(); this only marks it handled.
    loading.catch(() => undefined);
    updateRef();
    return loading;
  }

  function onMessage(msg: WorkerMessage, resolveLoad: (r: AnalyzerReady) => void, started: number, input: WorkerInput): void {
    switch (msg.type) {
      case 'ready':
        loaded = true;
        failLoad = null;
        resolveLoad({ loadMs: Math.round(performance.now() - started), fromCache: msg.fromCache, prebuilt: msg.prebuilt === true });
        pump();
        return;
      case 'loadError':
        fail(
          new AppError({
            code: 'internal',
            message: `offline analyzer failed to load its dictionary: ${msg.message}`,
            details: { dictPath: input.dictPath },
          }),
        );
        return;
      case 'result':
        onResult(msg.id, msg.tokens);
        return;
      case 'cacheError':
        // The cache only speeds up later loads; the analyzer works without it.
        return;
    }
  }

  function onResult(id: number, raw: Extract<WorkerMessage, { type: 'result' }>['tokens']): void {
    if (inFlight === null || inFlight.id !== id) return;
    const { job, segments } = inFlight;
    inFlight = null;
    if (!job.done) {
      try {
        for (const t of assembleTokens(segments, Array.isArray(raw) ? raw : [])) job.tokens.push(t);
        job.next += 1;
        if (job.next >= job.chunks.length) settle(job, { tokens: job.tokens });
        else queueOf(job).push(job);
      } catch (e) {
        settle(job, { error: new AppError({ code: 'internal', message: e instanceof Error ? e.message : String(e) }) });
      }
    }
    pump();
  }

  /**
   * Sends the next chunk. One chunk is in the worker at a time and jobs take turns chunk by
   * chunk, so a short request is not stuck behind a 200k-character one and memory stays flat;
   * background jobs only when no other waits.
   */
  function pump(): void {
    while (loaded && worker !== null && inFlight === null) {
      const job = queue.shift() ?? background.shift();
      if (job === undefined) break;
      if (job.done) continue;
      const chunk = job.chunks[job.next] ?? '';
      const segments = segmentText(chunk);
      const texts = textSegments(segments);
      if (texts.length === 0) {
        for (const t of assembleTokens(segments, [])) job.tokens.push(t);
        job.next += 1;
        if (job.next >= job.chunks.length) settle(job, { tokens: job.tokens });
        else queueOf(job).push(job);
        continue;
      }
      const id = nextId++;
      inFlight = { id, job, segments };
      const request: TokenizeRequest = { type: 'tokenize', id, segments: texts };
      worker.postMessage(request);
    }
    updateRef();
  }

  function tokenize(text: string, signal?: AbortSignal, options: TokenizeOptions = {}): Promise<Token[]> {
    if (closed) return Promise.reject(new AppError({ code: 'internal', message: 'offline analyzer is closed' }));
    if (signal?.aborted === true) return Promise.reject(cancelled());
    if (typeof text !== 'string') return Promise.reject(new AppError({ code: 'bad_request', message: 'text must be a string' }));
    if (text.length > maxChars) {
      return Promise.reject(
        new AppError({ code: 'too_large', message: `text is longer than ${maxChars} characters`, details: { length: text.length } }),
      );
    }
    if (text === '') return Promise.resolve([]);
    return new Promise<Token[]>((resolve, reject) => {
      const onAbort = (): void => {
        const q = queueOf(job);
        const i = q.indexOf(job);
        if (i >= 0) q.splice(i, 1);
        settle(job, { error: cancelled() });
        updateRef();
      };
      const job: Job = {
        chunks: chunkText(text, options.background ? backgroundChunkChars : chunkChars),
        background: options.background === true,
        next: 0,
        tokens: [],
        done: false,
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queueOf(job).push(job);
      void start();
      pump();
      updateRef();
    });
  }

  return {
    tokenize,
    ready() {
      if (closed) return Promise.reject(new AppError({ code: 'internal', message: 'offline analyzer is closed' }));
      return start();
    },
    async close() {
      if (closed) return;
      closed = true;
      const w = worker;
      fail(new AppError({ code: 'cancelled', message: 'offline analyzer closed' }));
      if (w !== null) await w.terminate().catch(() => undefined);
    },
    stats() {
      return { workerStarts, loaded, queued: queue.length + background.length + (inFlight !== null ? 1 : 0) };
    },
  };
}
