/**
 * Saves the learner's marks a moment after they are shown. A key press repaints its word in its
 * own task; the request to the core goes once the marks have stopped coming for a moment
 * (SAVE_QUIET_MS, at most SAVE_WITHIN_MS after the oldest) and the renderer is idle, so the frame
 * that shows a change waits for neither the request nor its answer, and a burst of presses
 * (new → learning → known) is one request, not one whose answer and push land in the next press's
 * frame. Marks of that moment go in one request, each word with its latest status. When the core
 * refuses, each word goes back to what it was before, unless it has been marked again since.
 */
import type { AppErrorData, Result } from '../../../shared/result';
import { wordKeyId, type WordKey, type WordStatus } from '../../../shared/words';

type Item = WordKey & { status: WordStatus };

/** Marks still coming this soon after the last one go with it. */
const SAVE_QUIET_MS = 150;
/** The longest a shown mark waits for others (then for an idle moment, at most IDLE_WITHIN_MS). */
const SAVE_WITHIN_MS = 1000;
const IDLE_WITHIN_MS = 100;

export interface StatusSaverDeps {
  save(items: Item[]): Promise<Result<unknown>>;
  /** The status shown now. */
  statusOf(id: string): WordStatus;
  /** Shows these statuses again (a refused save). */
  restore(items: Item[]): void;
  /** The core stored a batch. */
  saved(): void;
  /** Sends marks as the page goes away, by a request its unloading does not cancel (bridge.send). */
  send(items: Item[]): void;
  /** Overrides SAVE_QUIET_MS and SAVE_WITHIN_MS (tests). */
  quietMs?: number;
  withinMs?: number;
}

export interface StatusSaver {
  /** Queues marks already shown; `before` is what each word showed before them. Resolves with the core's refusal, or null. */
  save(items: readonly Item[], before: readonly Item[]): Promise<AppErrorData | null>;
  /** Whether a word has a mark not yet stored (a push about it is older than what is shown). */
  pending(id: string): boolean;
  /** Sends what is queued now, without waiting for an answer (the page is going away). */
  leave(): void;
}

const unreachable = (e: unknown): AppErrorData => ({ code: 'internal', message: e instanceof Error ? e.message : String(e) });

export function statusSaver(deps: StatusSaverDeps): StatusSaver {
  let queue = new Map<string, { item: Item; before: WordStatus }>();
  let waiters: Array<(e: AppErrorData | null) => void> = [];
  const quietMs = deps.quietMs ?? SAVE_QUIET_MS;
  const withinMs = deps.withinMs ?? SAVE_WITHIN_MS;
  /** The wait for more marks, and since when the oldest queued one waits. */
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let since = 0;
  /** An idle moment asked for: the flush then takes every mark queued by that time. */
  let idleAsked = false;
  /** Words in requests not answered yet, with how many. */
  const inFlight = new Map<string, number>();

  const flush = () => {
    idleAsked = false;
    if (queue.size === 0) return;
    const batch = queue;
    const done = waiters;
    queue = new Map();
    waiters = [];
    for (const id of batch.keys()) inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
    void deps
      .save([...batch.values()].map((b) => b.item))
      .catch((e: unknown): Result<unknown> => ({ ok: false, error: unreachable(e) }))
      .then((r) => {
        for (const id of batch.keys()) {
          const n = (inFlight.get(id) ?? 1) - 1;
          if (n > 0) inFlight.set(id, n);
          else inFlight.delete(id);
        }
        if (r.ok) {
          deps.saved();
          for (const d of done) d(null);
          return;
        }
        const undo = [...batch.entries()]
          .filter(([id, b]) => !queue.has(id) && !inFlight.has(id) && deps.statusOf(id) === b.item.status)
          .map(([, b]) => ({ ...b.item, status: b.before }));
        if (undo.length) deps.restore(undo);
        for (const d of done) d(r.error);
      });
  };

  const whenIdle = () => {
    quiet = undefined;
    idleAsked = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(flush, { timeout: IDLE_WITHIN_MS });
    else flush(); // a timer's task already
  };

  const schedule = () => {
    if (idleAsked) return;
    const now = Date.now();
    if (quiet === undefined) since = now;
    else clearTimeout(quiet);
    quiet = setTimeout(whenIdle, Math.max(0, Math.min(quietMs, since + withinMs - now)));
  };

  // A window closed right after a key press still sends its mark: an ordinary request would be
  // cancelled with the page, and nobody is left to hear the answer.
  const leave = () => {
    if (queue.size === 0) return;
    deps.send([...queue.values()].map((b) => b.item));
    queue = new Map();
    waiters = [];
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', leave);

  return {
    save(items, before) {
      items.forEach((item, i) => {
        const id = wordKeyId(item);
        const had = queue.get(id);
        queue.set(id, { item, before: had ? had.before : (before[i]?.status ?? 'new') });
      });
      schedule();
      return new Promise((resolve) => waiters.push(resolve));
    },
    pending: (id) => queue.has(id) || inFlight.has(id),
    leave,
  };
}
