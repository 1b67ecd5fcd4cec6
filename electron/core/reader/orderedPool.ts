/**
 * Runs `work` over `items`, at most `limit` at a time, and yields what each one
 * emits in item order: the first unfinished item's events as they come, a later
 * item's once every earlier one has finished (so a reader sees a chapter fill in
 * from the top while the next pieces are already being worked on).
 *
 * The first failure is thrown as soon as it is seen; `signal` (aborted when the
 * consumer stops early or a worker fails) tells the other workers to give up.
 */
export async function* orderedPool<I, E>(
  items: readonly I[],
  limit: number,
  work: (item: I, index: number, emit: (event: E) => void, signal: AbortSignal) => Promise<void>,
): AsyncGenerator<E, void, void> {
  const stop = new AbortController();
  const queues: E[][] = items.map(() => []);
  const finished: boolean[] = items.map(() => false);
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };

  let next = 0;
  const startNext = (): void => {
    if (next >= items.length || stop.signal.aborted) return;
    const i = next++;
    work(items[i]!, i, (e) => {
      queues[i]!.push(e);
      notify();
    }, stop.signal).then(
      () => {
        finished[i] = true;
        startNext();
        notify();
      },
      (error: unknown) => {
        failure ??= { error };
        stop.abort();
        notify();
      },
    );
  };
  for (let k = 0; k < Math.max(1, limit); k++) startNext();

  try {
    for (let head = 0; head < items.length; head++) {
      for (;;) {
        if (failure) throw failure.error;
        const q = queues[head]!;
        while (q.length > 0) yield q.shift()!;
        if (finished[head]) break;
        await new Promise<void>((r) => (wake = r));
      }
    }
  } finally {
    stop.abort();
  }
}
