/**
 * The renderer's side of the offline dictionary: cached lookups, the status, download /
 * import progress (pushed by the core) and the open kanji card.
 */
import { create } from 'zustand';
import { DICTIONARY_LOOKUP_BATCH, DICTIONARY_UPLOAD_PATH, type DictionaryEntry, type DictionaryFirstWord, type DictionaryImportResult, type DictionaryInfo, type DictionaryProgress, type DictionaryStatus, type KanjiCard } from '../../../../shared/contract/dictionary';
import type { AppErrorData, Result } from '../../../../shared/result';
import { fileToBase64 } from '../../books/bookFiles';
import { bridge } from '../../bridge';
import { uploadFile } from '../../bridge/upload';

interface DictionaryState {
  status: DictionaryStatus | null;
  progress: DictionaryProgress | null;
  busy: boolean;
  error: AppErrorData | null;
  /** The last finished import or download. */
  done: { entries: number; kanji: number; title?: string } | null;
  /** `beside`: opened from the hover popup, the card sits beside it (and keeps it open). */
  kanjiCard: { literal: string; card: KanjiCard | null; loading: boolean; beside: KanjiCardBeside | null } | null;
  /** Every dictionary, lookup order first (null until loaded). */
  list: DictionaryInfo[] | null;
  loadStatus(): Promise<void>;
  loadList(): Promise<void>;
  setEnabled(id: string, enabled: boolean): Promise<void>;
  /** Moves a dictionary one place up (-1) or down (+1) in the lookup order. */
  move(id: string, by: -1 | 1): Promise<void>;
  remove(id: string): Promise<void>;
  /** Cancels the running import or download. */
  cancel(): Promise<void>;
  download(): Promise<void>;
  /** A file the page holds: streamed to the server in browser mode. */
  importFile(file: File): Promise<void>;
  /** Desktop: the system's open dialog, the file imported from disk (never through the page). */
  importFromDisk(): Promise<void>;
  openKanji(literal: string, beside?: KanjiCardBeside | null): Promise<void>;
  closeKanji(): void;
}

/** Where the popup a kanji card was opened from is, and the side of it the card prefers. */
export interface KanjiCardBeside {
  box: Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;
  prefer: 'left' | 'right';
}

const lookups = new Map<string, Promise<DictionaryEntry[]>>();
/** The same lookups once answered, readable without waiting (a hover draws them in the frame it happens). */
const answered = new Map<string, DictionaryEntry[]>();
/** Room for a screen looked up ahead (the reader's words and 900 characters of other text) and the hovers after it. */
const LOOKUPS_KEPT = 3000;

/** The caller's first word, or null (no word starts the text), or nothing known. */
type FirstWordHint = DictionaryFirstWord | null | undefined;

const lookupKey = (text: string, reading?: string, firstWord?: FirstWordHint) =>
  `${text}\u0000${reading ?? ''}\u0000${firstWord ? `${firstWord.word}\u0000${firstWord.lemma}` : firstWord === null ? '\u0001' : ''}`;

/** Entries for the text from the cursor; repeated lookups (hover) are answered from memory. */
export function lookupEntries(text: string, reading?: string, firstWord?: FirstWordHint): Promise<DictionaryEntry[]> {
  const key = lookupKey(text, reading, firstWord);
  let p = lookups.get(key);
  if (!p) {
    const call = firstWord !== undefined ? bridge.call('dictionary.lookup', text, reading ?? '', firstWord) : bridge.call('dictionary.lookup', text, ...(reading ? [reading] : []));
    p = call.then((r) => {
      const entries = r.ok ? r.value : [];
      // Only an answer: a failed call is asked again next time.
      if (r.ok && lookups.get(key) === p) answered.set(key, entries);
      return entries;
    });
    makeRoom(1);
    lookups.set(key, p);
  }
  return p;
}

/** The entries of a lookup already answered, without waiting; undefined when not (yet) answered. */
export function answeredEntries(text: string, reading?: string, firstWord?: FirstWordHint): DictionaryEntry[] | undefined {
  return answered.get(lookupKey(text, reading, firstWord));
}

/**
 * Looks up ahead what is not known yet (the text on screen), in calls of up to 300: hovers there
 * are then answered without waiting. A failed call leaves the rest to be asked one by one later.
 */
export async function prefetchEntries(items: readonly { text: string; firstWord?: FirstWordHint }[]): Promise<void> {
  const wanted = items.filter((i) => !lookups.has(lookupKey(i.text, undefined, i.firstWord)));
  for (let from = 0; from < wanted.length; from += DICTIONARY_LOOKUP_BATCH) {
    const batch = wanted.slice(from, from + DICTIONARY_LOOKUP_BATCH);
    const r = await bridge.call('dictionary.lookupMany', batch);
    if (!r.ok) return;
    makeRoom(batch.length);
    batch.forEach((item, i) => {
      const entries = r.value[i];
      if (!entries) return;
      const key = lookupKey(item.text, undefined, item.firstWord);
      if (lookups.has(key)) return;
      lookups.set(key, Promise.resolve(entries));
      answered.set(key, entries);
    });
  }
}

/** Room for `n` more lookups: the oldest go (a screen looked up ahead just before is kept). */
function makeRoom(n: number): void {
  let over = lookups.size + n - LOOKUPS_KEPT;
  if (over <= 0) return;
  // A quarter more than needed, so that the next calls do not each drop a few.
  over += LOOKUPS_KEPT / 4;
  for (const key of lookups.keys()) {
    if (over-- <= 0) break;
    lookups.delete(key);
    answered.delete(key);
  }
}

function forgetLookups(): void {
  lookups.clear();
  answered.clear();
}

export const useDictionary = create<DictionaryState>((set, get) => ({
  status: null,
  progress: null,
  busy: false,
  error: null,
  done: null,
  kanjiCard: null,
  list: null,
  async loadStatus() {
    const [r, l] = await Promise.all([bridge.call('dictionary.status'), bridge.call('dictionary.list')]);
    if (r.ok) set({ status: r.value });
    if (l.ok) set({ list: l.value });
  },
  async loadList() {
    const r = await bridge.call('dictionary.list');
    if (r.ok) set({ list: r.value });
  },
  async setEnabled(id, enabled) {
    const r = await bridge.call('dictionary.setEnabled', id, enabled);
    forgetLookups();
    set(r.ok ? { list: r.value, error: null } : { error: r.error });
  },
  async move(id, by) {
    const ids = (get().list ?? []).map((d) => d.id);
    const at = ids.indexOf(id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    const r = await bridge.call('dictionary.reorder', ids);
    forgetLookups();
    set(r.ok ? { list: r.value, error: null } : { error: r.error });
  },
  async cancel() {
    await bridge.call('dictionary.cancelImport');
  },
  async remove(id) {
    const r = await bridge.call('dictionary.remove', id);
    forgetLookups();
    set(r.ok ? { list: r.value, error: null } : { error: r.error });
    await get().loadStatus();
  },
  async download() {
    if (get().busy) return;
    set({ busy: true, error: null, done: null, progress: null });
    const r = await bridge.call('dictionary.download');
    forgetLookups();
    set({ busy: false, progress: null, ...(r.ok ? { done: r.value } : { error: r.error }) });
    await get().loadStatus();
  },
  async importFile(file) {
    if (get().busy) return;
    set({ busy: true, error: null, done: null, progress: { phase: 'upload', file: file.name, done: 0, total: file.size } });
    // Browser mode streams the file to the server's disk; the desktop app reads files from disk itself (importFromDisk).
    const r =
      bridge.kind === 'http'
        ? ((await uploadFile(DICTIONARY_UPLOAD_PATH, file, file.name)) as Result<DictionaryImportResult>)
        : await bridge.call('dictionary.import', { name: file.name, dataBase64: await fileToBase64(file) });
    forgetLookups();
    set({ busy: false, progress: null, ...(r.ok ? { done: r.value } : { error: r.error }) });
    await get().loadStatus();
  },
  async importFromDisk() {
    if (get().busy) return;
    set({ busy: true, error: null, done: null, progress: null });
    const r = await bridge.call('dictionary.importFromDisk');
    forgetLookups();
    set({ busy: false, progress: null, ...(r.ok ? (r.value ? { done: r.value } : {}) : { error: r.error }) });
    await get().loadStatus();
  },
  async openKanji(literal, beside = null) {
    set({ kanjiCard: { literal, card: null, loading: true, beside } });
    const r = await bridge.call('dictionary.kanji', literal);
    const now = get().kanjiCard;
    if (now?.literal === literal) set({ kanjiCard: { ...now, card: r.ok ? (r.value[0] ?? null) : null, loading: false } });
  },
  closeKanji() {
    set({ kanjiCard: null });
  },
}));

bridge.on('dictionary.progress', (p) => {
  if (useDictionary.getState().busy) useDictionary.setState({ progress: p });
});
