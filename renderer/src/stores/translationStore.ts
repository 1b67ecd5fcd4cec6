import { create } from 'zustand';
import type { TextResult } from '../../../shared/contract/reader';
import type { AppErrorData } from '../../../shared/result';
import { bridge, withCallMeta, type BridgeStream } from '../bridge';
import { reportModelError } from '../errors/limitReporting';
import { noteOutcome } from './connectivityStore';
import { onAnalysisFinished, onDocChanged, useReader } from './readerStore';
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

let running: BridgeStream<string, TextResult> | null = null;
let runId = 0;

export const useTranslationStore = create<TranslationState>((set) => ({
  docId: null,
  text: '',
  status: 'idle',
  source: null,
  error: null,
  translate(docId, source, opts = {}) {
    running?.cancel();
    const id = ++runId;
    set({ docId, text: '', status: 'loading', source: null, error: null });
    // Translations are in the interface language (explanations follow the explanation language).
    const locale = useSettings.getState().settings.uiLocale;
    const documentId = useReader.getState().documentId ?? undefined;
    const s = withCallMeta({ locale }, () => bridge.stream('reader.translate', { text: source, refresh: opts.refresh ?? false, ...(documentId ? { documentId } : {}) }));
    running = s;
    const streaming = useSettings.getState().settings.streaming;
    void (async () => {
      let acc = '';
      for await (const delta of s) {
        if (id !== runId) return;
        acc += delta;
        if (streaming) set({ text: acc });
      }
      const r = await s.result;
      if (id !== runId) return;
      running = null;
      if (r.ok) {
        noteOutcome(undefined);
        set({ text: r.value.text, status: 'done', source: r.value.source });
      } else if (r.error.code === 'cancelled') {
        set({ status: acc ? 'stopped' : 'idle', text: acc });
      } else {
        noteOutcome(r.error);
        reportModelError(r.error, () => useTranslationStore.getState().translate(docId, source, opts));
        set({ status: 'error', error: r.error, text: acc });
      }
    })();
  },
  show(docId, text) {
    running?.cancel();
    runId++;
    set({ docId, text, status: 'done', source: 'daily', error: null });
  },
  stop() {
    running?.cancel();
  },
  reset() {
    running?.cancel();
    runId++;
    set({ docId: null, text: '', status: 'idle', source: null, error: null });
  },
}));

// Translation follows the analysis: a new document clears it, a finished analysis starts it.
onDocChanged(() => useTranslationStore.getState().reset());
onAnalysisFinished((doc, status) => {
  if (doc.origin === 'analysis' && status === 'done') useTranslationStore.getState().translate(doc.id, doc.text);
});
