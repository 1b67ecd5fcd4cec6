import { create } from 'zustand';
import type { TextResult } from '../../../shared/contract/reader';
import type { AppErrorData } from '../../../shared/result';
import { bridge, withCallMeta } from '../bridge';
import { reportModelOutcome } from './modelOutcome';
import { onAnalysisFinished, onDocChanged, useReader } from './readerStore';
import { streamRunner, textDeltas } from './runStream';
import { useSettings } from './settingsStore';

export type TranslationStatus = 'idle' | 'loading' | 'done' | 'stopped' | 'error';

interface TranslationState {
  docId: string | null;
  text: string;
  status: TranslationStatus;
  source: TextResult['source'] | 'daily' | null;
  error: AppErrorData | null;
  translate(docId: string, source: string, opts?: { refresh?: boolean }): void;
  /** A translation known in advance (the daily sentence). */
  show(docId: string, text: string): void;
  stop(): void;
  reset(): void;
}

const runs = streamRunner();

export const useTranslationStore = create<TranslationState>((set) => ({
  docId: null,
  text: '',
  status: 'idle',
  source: null,
  error: null,
  translate(docId, source, opts = {}) {
    const run = runs.begin();
    set({ docId, text: '', status: 'loading', source: null, error: null });
    // Translations are in the interface language (explanations follow the explanation language).
    const locale = useSettings.getState().settings.uiLocale;
    const documentId = useReader.getState().documentId ?? undefined;
    const s = withCallMeta({ locale }, () => bridge.stream('reader.translate', { text: source, refresh: opts.refresh ?? false, ...(documentId ? { documentId } : {}) }));
    const streaming = useSettings.getState().settings.streaming;
    const retry = () => useTranslationStore.getState().translate(docId, source, opts);
    void run.follow(
      s,
      textDeltas({
        progress: streaming ? (text) => set({ text }) : null,
        done(value) {
          reportModelOutcome(undefined, retry);
          set({ text: value.text, status: 'done', source: value.source });
        },
        stopped: (text) => set({ status: text ? 'stopped' : 'idle', text }),
        failed(error, text) {
          reportModelOutcome(error, retry);
          set({ status: 'error', error, text });
        },
      }),
    );
  },
  show(docId, text) {
    runs.abort();
    set({ docId, text, status: 'done', source: 'daily', error: null });
  },
  stop() {
    runs.stop();
  },
  reset() {
    runs.abort();
    set({ docId: null, text: '', status: 'idle', source: null, error: null });
  },
}));

// Translation follows the analysis: a new document clears it, a finished analysis starts it.
onDocChanged(() => useTranslationStore.getState().reset());
onAnalysisFinished((doc, status) => {
  if (doc.origin === 'analysis' && status === 'done') useTranslationStore.getState().translate(doc.id, doc.text);
});
