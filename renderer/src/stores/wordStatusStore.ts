/**
 * The renderer's copy of word knowledge, keyed by wordKeyId: every word not `new` (a word not
 * here is new). Loaded once, kept current by the core's `words.changed` push, so a status
 * change made here, in another view or window, or by an import repaints every instance at once.
 * Painting is a data attribute on each word's element (`data-ws`), set straight in the DOM
 * (statusPaint.ts): no React render of the text it lies in.
 *
 * A mark is shown in the task of its key press or click, and saved a moment later (statusSaver.ts):
 * the frame that shows it does not wait for the request to be sent, nor for the core's answer. If
 * the core refuses, the words go back to what they were and the caller hears why.
 */
import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/result';
import { wordKeyId, type WordKey, type WordStatus } from '../../../shared/words';
import { bridge } from '../bridge';
import { paintFrom, paintStatuses } from '../knowledge/statusPaint';
import { statusSaver } from '../knowledge/statusSaver';

interface WordStatusState {
  loaded: boolean;
  /** Changed in place (a copy per key press would cost as much as the learner has words); `version` tells a change. */
  byId: ReadonlyMap<string, WordStatus>;
  /** Bumped on every change shown. */
  version: number;
  /** Bumped once the core has stored a change (here or elsewhere): views of the stored rows read them again. */
  saved: number;
  load(): Promise<void>;
  /** Marks words by hand; shown at once, undone when the core refuses. */
  set(items: Array<WordKey & { status: WordStatus }>): Promise<AppErrorData | null>;
}

export const statusOfId = (byId: ReadonlyMap<string, WordStatus>, id: string): WordStatus => byId.get(id) ?? 'new';

/** The next status of the cycle key: new → learning → known → new; ignored → new. */
export function nextStatus(s: WordStatus): WordStatus {
  return s === 'new' ? 'learning' : s === 'learning' ? 'known' : 'new';
}

const byId = new Map<string, WordStatus>();

const saver = statusSaver({
  save: (items) => bridge.call('words.setStatus', items),
  statusOf: (id) => statusOfId(byId, id),
  restore: (items) => change(items),
  saved: () => useWordStatus.setState((s) => ({ saved: s.saved + 1 })),
  send: (items) => bridge.send('words.setStatus', items),
});

export const useWordStatus = create<WordStatusState>(() => ({
  loaded: false,
  byId,
  version: 0,
  saved: 0,
  async load() {
    const r = await bridge.call('words.statusMap');
    if (!r.ok) return;
    byId.clear();
    for (const [term, reading, status] of r.value.words) if (status !== 'new') byId.set(wordKeyId({ term, reading }), status);
    useWordStatus.setState((s) => ({ loaded: true, version: s.version + 1 }));
    paintStatuses(null);
  },
  set(items) {
    const before = items.map((i) => ({ ...i, status: statusOfId(byId, wordKeyId(i)) }));
    change(items);
    return saver.save(items, before);
  },
}));

/** Applies changes and repaints only the words they name. */
function change(changed: ReadonlyArray<WordKey & { status: WordStatus }>): void {
  const ids: string[] = [];
  for (const c of changed) {
    const id = wordKeyId(c);
    if (statusOfId(byId, id) === c.status) continue;
    if (c.status === 'new') byId.delete(id);
    else byId.set(id, c.status);
    ids.push(id);
  }
  if (ids.length === 0) return;
  paintStatuses(ids);
  useWordStatus.setState((s) => ({ version: s.version + 1 }));
}

/** Whether a pushed change is news here: not shown already, and not about a mark of ours not stored yet (the push is older). */
const news = (c: WordKey & { status: WordStatus }): boolean => {
  const id = wordKeyId(c);
  return !saver.pending(id) && statusOfId(byId, id) !== c.status;
};

// A mark in another window (or tab), an import, a review card, or this window's own mark stored.
// A burst of pushes is applied once: thousands of them one by one kept the page busy for seconds.
// This window's own marks come back too, often as the next key press is on its way: an echo is shown
// already and its save tells the views (`saved`), so it sets no timer and changes no state. A push
// about a word whose mark is on its way is older than that mark (the core stores in order): dropped
// as it comes, not looked at once the save has been answered.
const PUSH_BATCH_MS = 16;
let pushed: Array<WordKey & { status: WordStatus }> = [];
bridge.on('words.changed', ({ changed }) => {
  const fresh = changed.filter(news);
  if (fresh.length === 0) return;
  if (pushed.length === 0)
    setTimeout(() => {
      const all = pushed.filter(news);
      pushed = [];
      if (all.length === 0) return;
      change(all);
      useWordStatus.setState((s) => ({ saved: s.saved + 1 }));
    }, PUSH_BATCH_MS);
  for (const c of fresh) pushed.push(c);
});

/** The status a word's element is painted with at render time ('' until the statuses are loaded: no mark, every reading). */
export function paintedStatus(id: string): WordStatus | '' {
  return useWordStatus.getState().loaded ? statusOfId(byId, id) : '';
}
paintFrom(paintedStatus);
