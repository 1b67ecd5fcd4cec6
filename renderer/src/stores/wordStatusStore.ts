/**
 * The renderer's copy of word knowledge, keyed by wordKeyId: every word not `new` (a word not
 * here is new). Loaded once, kept current by the core's `words.changed` push, so a status
 * change made here, in another view or window, or by an import repaints every instance at once.
 * Painting is a data attribute on each word's element (`data-ws`), set straight in the DOM
 * (statusPaint.ts): no React render of the text it lies in.
 */
import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/result';
import { wordKeyId, type WordKey, type WordStatus } from '../../../shared/words';
import { bridge } from '../bridge';
import { paintFrom, paintStatuses } from '../knowledge/statusPaint';

interface WordStatusState {
  loaded: boolean;
  byId: ReadonlyMap<string, WordStatus>;
  load(): Promise<void>;
  /** Marks words by hand; shown at once, undone when the core refuses. */
  set(items: Array<WordKey & { status: WordStatus }>): Promise<AppErrorData | null>;
}

export const statusOfId = (byId: ReadonlyMap<string, WordStatus>, id: string): WordStatus => byId.get(id) ?? 'new';

/** The next status of the cycle key: new → learning → known → new; ignored → new. */
export function nextStatus(s: WordStatus): WordStatus {
  return s === 'new' ? 'learning' : s === 'learning' ? 'known' : 'new';
}

function applied(byId: ReadonlyMap<string, WordStatus>, changed: ReadonlyArray<WordKey & { status: WordStatus }>): { byId: Map<string, WordStatus>; ids: string[] } {
  const next = new Map(byId);
  const ids: string[] = [];
  for (const c of changed) {
    const id = wordKeyId(c);
    if (statusOfId(next, id) === c.status) continue;
    if (c.status === 'new') next.delete(id);
    else next.set(id, c.status);
    ids.push(id);
  }
  return { byId: next, ids };
}

export const useWordStatus = create<WordStatusState>((set, get) => ({
  loaded: false,
  byId: new Map(),
  async load() {
    const r = await bridge.call('words.statusMap');
    if (!r.ok) return;
    set({ loaded: true, byId: new Map(r.value.words.map(([term, reading, status]) => [wordKeyId({ term, reading }), status])) });
    paintStatuses(null);
  },
  async set(items) {
    const before = get().byId;
    change(items);
    const r = await bridge.call('words.setStatus', items);
    if (r.ok) return null;
    set({ byId: before });
    paintStatuses(null);
    return r.error;
  },
}));

/** Applies changes and repaints only the words they name. */
function change(changed: ReadonlyArray<WordKey & { status: WordStatus }>): void {
  const { byId, ids } = applied(useWordStatus.getState().byId, changed);
  if (ids.length === 0) return;
  useWordStatus.setState({ byId });
  paintStatuses(ids);
}

// A mark in another window (or tab), an import, a review card. A burst of pushes is applied once
// (each apply copies the whole map): thousands of them one by one kept the page busy for seconds.
const PUSH_BATCH_MS = 16;
let pushed: Array<WordKey & { status: WordStatus }> = [];
bridge.on('words.changed', ({ changed }) => {
  if (pushed.length === 0)
    setTimeout(() => {
      const all = pushed;
      pushed = [];
      change(all);
    }, PUSH_BATCH_MS);
  for (const c of changed) pushed.push(c);
});

/** The status a word's element is painted with at render time ('' until the statuses are loaded: no mark, every reading). */
export function paintedStatus(id: string): WordStatus | '' {
  const s = useWordStatus.getState();
  return s.loaded ? statusOfId(s.byId, id) : '';
}
paintFrom(paintedStatus);
