/** Background work's longest wait for an idle moment. */
const IDLE_TIMEOUT_MS = 200;

/**
 * Runs `run` when the page is idle: after the frame being made is painted and
 * the input waiting is handled (within IDLE_TIMEOUT_MS on a busy page). Returns
 * the cancel. Shared by the reader's read-ahead, the dictionary's look-ahead, the
 * popup's card actions and the word-status index.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 50);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  return () => cancelIdleCallback(id);
}
