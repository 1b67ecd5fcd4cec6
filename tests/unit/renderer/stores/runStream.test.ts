import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../shared/result';
import type { BridgeStream } from '../../../../renderer/src/bridge';
import { streamRunner, textDeltas, type RunHandlers } from '../../../../renderer/src/stores/runStream';
import { settle } from '../support/bridgeStub';

/**
 * A stream fed by the test. Like the real bridge, `cancel` only asks: chunks already
 * on their way still arrive, and the end comes when the test sends it.
 */
function fedStream() {
  const queue: string[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  let resolve!: (r: Result<{ text: string }>) => void;
  const result = new Promise<Result<{ text: string }>>((r) => (resolve = r));
  const fed = {
    cancels: 0,
    push(chunk: string) {
      queue.push(chunk);
      wake?.();
    },
    finish(r: Result<{ text: string }>) {
      ended = true;
      resolve(r);
      wake?.();
    },
    stream: {
      result,
      cancel: () => void fed.cancels++,
      async *[Symbol.asyncIterator]() {
        for (;;) {
          if (queue.length) yield queue.shift()!;
          else if (ended) return;
          else await new Promise<void>((r) => (wake = r));
        }
      },
    } satisfies BridgeStream<string, { text: string }>,
  };
  return fed;
}

/** Handlers that write down what they heard, in order. */
function recorder() {
  const heard: string[] = [];
  const handlers: RunHandlers<string, { text: string }> = {
    chunk: (c) => heard.push(`chunk ${c}`),
    done: (v) => heard.push(`done ${v.text}`),
    stopped: () => heard.push('stopped'),
    failed: (e) => heard.push(`failed ${e.code}`),
  };
  return { heard, handlers };
}

const cancelled: Result<never> = { ok: false, error: { code: 'cancelled', message: 'cancelled' } };

describe('streamRunner: one current run per store', () => {
  it('a newer run replaces an older one: the older stream is cancelled and its late chunks and end are ignored', async () => {
    const runs = streamRunner();
    const older = fedStream();
    const first = recorder();
    const run1 = runs.begin();
    const followed1 = run1.follow(older.stream, first.handlers);
    older.push('a');
    await settle();
    expect(first.heard).toEqual(['chunk a']);

    const run2 = runs.begin();
    expect(older.cancels).toBe(1);
    expect([run1.current, run2.current]).toEqual([false, true]);
    const newer = fedStream();
    const second = recorder();
    const followed2 = run2.follow(newer.stream, second.handlers);
    // The older stream's chunks that were on their way, then its end, come after the replacement.
    older.push('late');
    older.finish({ ok: true, value: { text: 'old answer' } });
    newer.push('b');
    newer.finish({ ok: true, value: { text: 'new answer' } });
    await Promise.all([followed1, followed2]);

    expect(first.heard).toEqual(['chunk a']);
    expect(second.heard).toEqual(['chunk b', 'done new answer']);
  });

  it('stop: the stream is cancelled and the still-current run reports stopped, after the chunks that arrived', async () => {
    const runs = streamRunner();
    const s = fedStream();
    const { heard, handlers } = recorder();
    const run = runs.begin();
    const followed = run.follow(s.stream, handlers);
    s.push('part');
    await settle();
    runs.stop();
    expect(s.cancels).toBe(1);
    expect(run.current).toBe(true);
    // The core answers a cancel with a `cancelled` end.
    s.finish(cancelled);
    await followed;
    expect(heard).toEqual(['chunk part', 'stopped']);
  });

  it('abort: the stream is cancelled and the run reports nothing, not even its cancelled end', async () => {
    const runs = streamRunner();
    const s = fedStream();
    const { heard, handlers } = recorder();
    const run = runs.begin();
    const followed = run.follow(s.stream, handlers);
    runs.abort();
    expect(s.cancels).toBe(1);
    expect(run.current).toBe(false);
    s.finish(cancelled);
    await followed;
    expect(heard).toEqual([]);
  });

  it('a failure is reported with its error; only a cancelled end counts as a stop', async () => {
    const runs = streamRunner();
    const s = fedStream();
    const { heard, handlers } = recorder();
    const followed = runs.begin().follow(s.stream, handlers);
    s.push('x');
    s.finish({ ok: false, error: { code: 'upstream_error', message: 'down', status: 502 } });
    await followed;
    expect(heard).toEqual(['chunk x', 'failed upstream_error']);
  });

  it('the outcome is reported once: a stop or abort after the end has nothing to cancel and adds nothing', async () => {
    const runs = streamRunner();
    const s = fedStream();
    const { heard, handlers } = recorder();
    const followed = runs.begin().follow(s.stream, handlers);
    s.finish({ ok: true, value: { text: 'answer' } });
    // `follow` settles once the outcome is reported (the OCR store awaits it).
    await followed;
    expect(heard).toEqual(['done answer']);
    runs.stop();
    runs.abort();
    runs.begin();
    await settle();
    expect(s.cancels).toBe(0);
    expect(heard).toEqual(['done answer']);
  });

  it('a stream handed to a run that was replaced meanwhile (e.g. while an image was prepared) is cancelled at once', async () => {
    const runs = streamRunner();
    const stale = runs.begin();
    runs.begin();
    const s = fedStream();
    const { heard, handlers } = recorder();
    await stale.follow(s.stream, handlers);
    expect(s.cancels).toBe(1);
    s.finish({ ok: true, value: { text: 'unwanted' } });
    await settle();
    expect(heard).toEqual([]);
    // The current run's stop does not reach the stale stream.
    runs.stop();
    expect(s.cancels).toBe(1);
  });

  it('runners are independent: one store replacing its run leaves another store’s run current', () => {
    const a = streamRunner();
    const b = streamRunner();
    const runB = b.begin();
    a.begin();
    a.abort();
    expect(runB.current).toBe(true);
  });
});

describe('textDeltas: a text stream added up for the store', () => {
  it('shows the text so far after each delta and hands what arrived to a stop or a failure', async () => {
    const runs = streamRunner();
    const heard: string[] = [];
    const handlers = (progress: ((t: string) => void) | null) =>
      textDeltas<{ text: string }>({
        progress,
        done: (v) => heard.push(`done ${v.text}`),
        stopped: (partial) => heard.push(`stopped ${partial}`),
        failed: (e, partial) => heard.push(`failed ${e.code} ${partial}`),
      });

    const stopped = fedStream();
    const f1 = runs.begin().follow(stopped.stream, handlers((t) => heard.push(`shown ${t}`)));
    stopped.push('猫は');
    stopped.push('動物');
    await settle();
    runs.stop();
    stopped.finish(cancelled);
    await f1;
    expect(heard).toEqual(['shown 猫は', 'shown 猫は動物', 'stopped 猫は動物']);

    heard.length = 0;
    // Streaming off: nothing is shown on the way, the failure still gets the part that came.
    const failed = fedStream();
    const f2 = runs.begin().follow(failed.stream, handlers(null));
    failed.push('途中');
    failed.finish({ ok: false, error: { code: 'mid_stream_error', message: 'cut', status: 502 } });
    await f2;
    expect(heard).toEqual(['failed mid_stream_error 途中']);

    heard.length = 0;
    const done = fedStream();
    const f3 = runs.begin().follow(done.stream, handlers(null));
    done.push('a');
    done.finish({ ok: true, value: { text: 'final' } });
    await f3;
    expect(heard).toEqual(['done final']);
  });
});
