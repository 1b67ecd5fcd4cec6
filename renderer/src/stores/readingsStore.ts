/**
 * The readings the learner corrected by hand, by word as written. The core applies them to
 * every text it hands out; this copy makes a correction show at once on what is already on
 * screen (the reader, a book page, the daily sentence, history, review), without reloading it.
 */
import { create } from 'zustand';
import type { ReadingCorrection } from '../../../shared/contract/readings';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';

interface ReadingsState {
  /** Word as written → the reading the learner set (hiragana). */
  byWord: Readonly<Record<string, string>>;
  load(): Promise<void>;
  /** Sets a word's reading; the error when the core refused it. */
  correct(word: string, reading: string): Promise<AppErrorData | null>;
  /** Forgets a word's correction. */
  reset(word: string): Promise<AppErrorData | null>;
}

const applied = (byWord: Readonly<Record<string, string>>, word: string, correction: ReadingCorrection | null): Record<string, string> => {
  const next = { ...byWord };
  if (correction) next[word] = correction.reading;
  else delete next[word];
  return next;
};

export const useReadings = create<ReadingsState>((set, get) => ({
  byWord: {},
  async load() {
    const r = await bridge.call('readings.list');
    if (r.ok) set({ byWord: Object.fromEntries(r.value.map((c) => [c.word, c.reading])) });
  },
  async correct(word, reading) {
    const r = await bridge.call('readings.correct', { word, reading });
    if (!r.ok) return r.error;
    set({ byWord: applied(get().byWord, r.value.word, r.value) });
    return null;
  },
  async reset(word) {
    const r = await bridge.call('readings.reset', { word });
    if (!r.ok) return r.error;
    set({ byWord: applied(get().byWord, word, null) });
    return null;
  },
}));

// Another window (or tab, in browser mode) corrected a reading.
bridge.on('readings.changed', ({ word, correction }) => useReadings.setState((s) => ({ byWord: applied(s.byWord, word, correction) })));

export { withReading } from '../reader/shownReading';
