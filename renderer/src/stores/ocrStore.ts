import { create } from 'zustand';
import type { TextResult } from '../../../shared/contract/reader';
import type { AppErrorData } from '../../../shared/result';
import { bridge } from '../bridge';
import type { ImageRefusal } from '../ocr/imageRules';
import { prepareImage } from '../ocr/prepareImage';
import { reportModelOutcome } from './modelOutcome';
import { useReader } from './readerStore';
import { streamRunner, textDeltas } from './runStream';
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

const runs = streamRunner();
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
    const run = runs.begin();
    set({ status: 'preparing', preview: null, fileName: file.name || null, size: null, source: null, refusal: null, error: null });
    const prepared = await prepareImage(file);
    if (!run.current) return;
    if (!prepared.ok) {
      set({ status: 'error', refusal: prepared.reason });
      return;
    }
    set({ status: 'reading', preview: prepared.dataUrl, size: { width: prepared.width, height: prepared.height, scaled: prepared.scaled } });
    const s = bridge.stream('ocr.extract', { imageData: prepared.dataUrl, refresh: opts.refresh ?? false });
    const streaming = useSettings.getState().settings.streaming;
    const reader = useReader.getState();
    const retry = () => get().retry();
    reader.setInput('');
    await run.follow(
      s,
      textDeltas({
        progress: streaming ? (text) => reader.setInput(text) : null,
        done(value) {
          reportModelOutcome(undefined, retry);
          reader.setInput(value.text.trim(), 'image');
          set({ status: 'done', source: value.source });
        },
        stopped(partial) {
          reader.setInput(partial);
          set({ status: 'stopped' });
        },
        failed(error, partial) {
          reportModelOutcome(error, retry);
          reader.setInput(partial);
          set({ status: 'error', error });
        },
      }),
    );
  },
  retry() {
    if (lastFile && get().status !== 'reading' && get().status !== 'preparing') void get().read(lastFile);
  },
  reread() {
    if (lastFile) void useOcr.getState().read(lastFile, { refresh: true });
  },
  stop() {
    runs.stop();
  },
  dismiss() {
    runs.abort();
    lastFile = null;
    set({ status: 'idle', preview: null, fileName: null, size: null, source: null, refusal: null, error: null });
  },
}));
