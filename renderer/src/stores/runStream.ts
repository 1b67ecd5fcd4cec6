import type { AppErrorData } from '../../../shared/result';
import type { BridgeStream } from '../bridge';

/** What a store does with one stream: each chunk while the run is current, then exactly one outcome. */
export interface RunHandlers<C, R> {
  chunk(chunk: C): void;
  done(value: R): void;
  /** The stream ended as cancelled while the run was still current: the learner pressed stop. */
  stopped(): void;
  failed(error: AppErrorData): void;
}

/** One run of a store's stream. Anything it delivers after a newer run began (or after `abort`) is ignored. */
export interface Run {
  readonly current: boolean;
  /**
   * Iterates `stream` and reports how it ended through `handlers`; settles when it has.
   * A run that is no longer current reports nothing (and a stream handed to it is cancelled).
   */
  follow<C, R>(stream: BridgeStream<C, R>, handlers: RunHandlers<C, R>): Promise<void>;
}

export interface StreamRunner {
  /** Starts a new run; the older one's stream is cancelled and its late chunks and outcome ignored. */
  begin(): Run;
  /** A user stop: the current stream is cancelled and its run reports `stopped` with what arrived so far. */
  stop(): void;
  /** Drops the current run without an outcome (a new document, a closed panel). */
  abort(): void;
}

/**
 * A store's single stream slot: at most one run is current, a new one replaces the
 * older one, and the store hears of each run's end once, only while it is current.
 */
export function streamRunner(): StreamRunner {
  let generation = 0;
  let running: { cancel(): void } | null = null;

  const abort = () => {
    running?.cancel();
    running = null;
    generation++;
  };

  return {
    begin() {
      abort();
      const id = generation;
      const run: Run = {
        get current() {
          return id === generation;
        },
        async follow(stream, handlers) {
          if (!run.current) return stream.cancel();
          running = stream;
          for await (const chunk of stream) {
            if (!run.current) return;
            handlers.chunk(chunk);
          }
          const r = await stream.result;
          if (!run.current) return;
          // Ended: a later stop or abort has nothing left to cancel.
          running = null;
          if (r.ok) handlers.done(r.value);
          else if (r.error.code === 'cancelled') handlers.stopped();
          else handlers.failed(r.error);
        },
      };
      return run;
    },
    stop() {
      running?.cancel();
    },
    abort,
  };
}

/** A text stream's outcome, each end with the text that had arrived. */
export interface TextRunHandlers<R> {
  /** The text so far, after each delta; null when it is shown only at the end (streaming off). */
  progress: ((text: string) => void) | null;
  done(value: R): void;
  stopped(partial: string): void;
  failed(error: AppErrorData, partial: string): void;
}

/** Handlers for a stream of text deltas (translation, chat, OCR) that add them up. */
export function textDeltas<R>(handlers: TextRunHandlers<R>): RunHandlers<string, R> {
  let text = '';
  return {
    chunk(delta) {
      text += delta;
      handlers.progress?.(text);
    },
    done: (value) => handlers.done(value),
    stopped: () => handlers.stopped(text),
    failed: (error) => handlers.failed(error, text),
  };
}
