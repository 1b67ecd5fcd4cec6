import { create } from 'zustand';
import type { DailySentence } from '../../../shared/domain';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';
import { backupSentenceFor } from '../../../shared/backupSentences';
import { noteOutcome } from './connectivityStore';

interface DailyState {
  sentence: DailySentence | null;
  /** The built-in sentence is shown because the day's could not be had. */
  backup: boolean;
  status: 'idle' | 'loading' | 'done';
  /** Why the backup is shown. */
  reason: AppErrorData | null;
  load(): Promise<void>;
}

export const useDaily = create<DailyState>((set, get) => ({
  sentence: null,
  backup: false,
  status: 'idle',
  reason: null,
  async load() {
    if (get().status === 'loading') return;
    set({ status: 'loading' });
    const r = await bridge.call('daily.get');
    if (r.ok) {
      noteOutcome(undefined);
      // No key yet: the core answers with a built-in sentence (marked), not an error.
      set({ sentence: r.value, backup: r.value.builtIn === true, status: 'done', reason: null });
    } else {
      // 503 (no key, generation failed) or offline: a built-in sentence, labelled as such.
      noteOutcome(r.error);
      set({ sentence: backupSentenceFor(new Date()), backup: true, status: 'done', reason: r.error });
    }
  },
}));
