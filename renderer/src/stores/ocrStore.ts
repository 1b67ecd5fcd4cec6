import { create } from 'zustand';
import type { TextResult } from '../../../shared/contract/reader';
import type { AppErrorData } from '../../../shared/result';
import { bridge, type BridgeStream } from '../bridge';
import { reportModelError } from '../errors/limitReporting';
import type { ImageRefusal } from '../ocr/imageRules';
import { prepareImage } from '../ocr/prepareImage';
import { noteOutcome } from './connectivityStore';
import { useReader } from './readerStore';
import { useSettings } from './settingsStore';

export type OcrStatus = 'idle' | 'preparing' | 'reading' | 'done' | 'stopped' | 'error';

interface OcrState {
  status: OcrStatus;
  preview: string | null;
  fileName: string | null;
  size: { width: number; height: number; scaled: boolean } | null;
  source: TextResult['source'] | null;
  refusal: ImageRefusal | 'unreadable' | null;
  error: AppErrorData | null;
  /** `refresh`: read the image again instead of using the stored text (and replace it). */
  read(file: File, opts?: { refresh?: boolean }): Promise<void>;
  /** Reads the last image again with `refresh`. */
  reread(): void;
  /** Reads the last image again (after an error). */
  retry(): void;
  stop(): void;
  dismiss(): void;
}

let running: BridgeStream<string, TextResult> | null = null;
let runId = 0;
/** The image last read, for "read again" (bypassing the stored text). */
let lastFile: File | null = null;

/** Image → text: prepare the image, stream the extracted text into the reader's input. */
export const useOcr = create<OcrState>((set, get) => ({
  status: 'idle',
  preview: null,
  fileName: null,
  size: null,
  source: null,
  refusal: null,
  error: null,
  async read(file, opts = {}) {
    lastFile = file;
    running?.cancel();
    const id = ++runId;
    set({ status: 'preparing', preview: null, fileName: file.name || null, size: null, source: null, refusal: null, error: null });
    const prepared = await prepareImage(file);
    if (id !== runId) return;
    if (!prepared.ok) {
      set({ status: 'error', refusal: prepared.reason });
      return;
    }
    set({ status: 'reading', preview: prepared.dataUrl, size: { width: prepared.width, height: prepared.height, scaled: prepared.scaled } });
    const s = bridge.stream('ocr.extract', { imageData: prepared.dataUrl, refresh: opts.refresh ?? false });
    running = s;
    const streaming = useSettings.getState().settings.streaming;
    const reader = useReader.getState();
    reader.setInput('');
    let acc = '';
    for await (const delta of s) {
      if (id !== runId) return;
      acc += delta;
      if (streaming) reader.setInput(acc);
    }
    const r = await s.result;
    if (id !== runId) return;
    running = null;
    if (r.ok) {
      noteOutcome(undefined);
      reader.setInput(r.value.text.trim(), 'image');
      set({ status: 'done', source: r.value.source });
    } else if (r.error.code === 'cancelled') {
      reader.setInput(acc);
      set({ status: 'stopped' });
    } else {
      noteOutcome(r.error);
      reportModelError(r.error, () => get().retry());
      reader.setInput(acc);
      set({ status: 'error', error: r.error });
    }
  },
  retry() {
    if (lastFile && get().status !== 'reading' && get().status !== 'preparing') void get().read(lastFile);
  },
  reread() {
    if (lastFile) void useOcr.getState().read(lastFile, { refresh: true });
  },
  stop() {
    running?.cancel();
  },
  dismiss() {
    running?.cancel();
    runId++;
    lastFile = null;
    set({ status: 'idle', preview: null, fileName: null, size: null, source: null, refusal: null, error: null });
  },
}));
