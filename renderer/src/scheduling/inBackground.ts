/** The Prioritized Task Scheduling API (Chromium): not in TypeScript's DOM types yet. */
interface TaskScheduler {
  postTask(run: () => void, options: { priority: 'background'; signal?: AbortSignal }): Promise<unknown>;
}

/**
 * Runs `run` soon, in a background-priority task: after the frame being made
 * (called from a scroll event, after that frame is painted) and after every
 * task already waiting, input first. Unlike requestIdleCallback it does not
 * wait for an idle period: after a page turn Chromium often gives none until
 * the callback's timeout, which put the reader's follow-up render next to the
 * next key. It requests no frame of its own (a requestAnimationFrame from a
 * scroll event does, and the next key's frame then waits for it). Returns the
 * cancel.
 */
export function inBackground(run: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.postTask !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const abort = new AbortController();
  // Aborted tasks reject their promise: nothing to report.
  scheduler.postTask(run, { priority: 'background', signal: abort.signal }).catch(() => undefined);
  return () => abort.abort();
}
