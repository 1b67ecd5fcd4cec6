import { create } from 'zustand';
import type { DetailResult } from '../../../shared/contract/reader';
import type { PhraseDetail, WordDetail } from '../../../shared/domain';
import type { AppErrorData } from '../../../shared/result';
import { bridge, type BridgeStream } from '../bridge';
import type { PlacedToken } from '../reader/placedToken';
import { phraseText, selectionSpan } from '../reader/selection';
import { clampContext, sentenceAround } from '../reader/sentences';
import { reportModelOutcome } from './modelOutcome';
import { useReader } from './readerStore';
import { streamRunner, type Run } from './runStream';
import { useSettings } from './settingsStore';
import { useReadings, withReading } from './readingsStore';

export type DetailTarget =
  | { kind: 'word'; index: number; token: PlacedToken; sentence: string; offset: number }
  | { kind: 'phrase'; first: number; last: number; phrase: string; tokens: PlacedToken[]; sentence: string };

export type DetailStatus = 'idle' | 'loading' | 'done' | 'error';

interface DetailState {
  target: DetailTarget | null;
  detail: Partial<PhraseDetail>;
  status: DetailStatus;
  source: DetailResult<WordDetail>['source'] | null;
  modelError: AppErrorData | null;
  error: AppErrorData | null;
  refresh(): void;
  close(): void;
}

/** A word's stream or a phrase's: either fills the same panel. */
type DetailStream = BridgeStream<Partial<PhraseDetail> | Partial<WordDetail>, DetailResult<PhraseDetail> | DetailResult<WordDetail>>;
const runs = streamRunner();
const PHRASE_SETTLE_MS = 250;
/** Set while the panel shows a target from outside the reader (a book paragraph): the history document its requests belong to. */
let outside: { documentId?: number } | null = null;

/** The target for the reader's current selection, with its sentence as context. */
export function targetFor(tokens: readonly PlacedToken[], text: string, sel: NonNullable<ReturnType<typeof useReader.getState>['selection']>): DetailTarget | null {
  if (sel.kind === 'word') {
    const token = tokens[sel.index];
    if (!token) return null;
    const range = clampContext(text, sentenceAround(text, token.start, token.end), token);
    return { kind: 'word', index: sel.index, token, sentence: text.slice(range.start, range.end), offset: token.start - range.start };
  }
  const first = tokens[sel.first];
  const last = tokens[sel.last];
  if (!first || !last) return null;
  const focus = { start: first.start, end: last.end };
  const range = clampContext(text, sentenceAround(text, focus.start, focus.end), focus);
  return {
    kind: 'phrase',
    first: sel.first,
    last: sel.last,
    phrase: phraseText(tokens, sel.first, sel.last),
    tokens: tokens.slice(sel.first, sel.last + 1),
    sentence: text.slice(range.start, range.end),
  };
}

/**
 * Opens the panel on a word or phrase of a text the reader is not showing (a
 * book paragraph); `documentId` is the history document it belongs to, if any.
 */
export function showDetail(target: DetailTarget, documentId?: number): void {
  const reader = useReader.getState();
  if (reader.selection) reader.setSelection(null, null);
  outside = documentId === undefined ? {} : { documentId };
  loadDetail(target);
}
let loadDetail: (target: DetailTarget) => void = () => undefined;

export const useDetail = create<DetailState>((set, get) => {
  const load = (target: DetailTarget, refresh: boolean) => {
    const run = runs.begin();
    set({ target, detail: {}, status: 'loading', source: null, modelError: null, error: null });
    // A phrase grows by Shift+Arrow one word at a time: wait for the learner to settle.
    if (target.kind === 'phrase' && !refresh) {
      setTimeout(() => {
        if (run.current) start(run, target, refresh);
      }, PHRASE_SETTLE_MS);
      return;
    }
    start(run, target, refresh);
  };

  const start = (run: Run, target: DetailTarget, refresh: boolean) => {
    const documentId = outside ? outside.documentId : (useReader.getState().documentId ?? undefined);
    const doc = documentId ? { documentId } : {};
    const s: DetailStream =
      target.kind === 'word'
        ? bridge.stream('reader.wordDetail', {
            word: target.token.word,
            sentence: target.sentence,
            pos: target.token.pos,
            // The learner's reading of the word, when they corrected it.
            furigana: withReading(target.token, useReadings.getState().byWord).furigana || undefined,
            offset: target.offset,
            refresh,
            ...doc,
          })
        : bridge.stream('reader.phraseDetail', { phrase: target.phrase, sentence: target.sentence, refresh, ...doc });
    const streaming = useSettings.getState().settings.streaming;
    const retry = () => useDetail.getState().refresh();
    void run.follow(s, {
      chunk(partial) {
        if (streaming) set({ detail: partial });
      },
      done(value) {
        reportModelOutcome(value.modelError, retry);
        set({ detail: value.detail, status: 'done', source: value.source, modelError: value.modelError ?? null });
      },
      // The panel has no stop button: a stream cancelled some other way leaves it as it is.
      stopped: () => undefined,
      failed(error) {
        reportModelOutcome(error, retry);
        set({ status: 'error', error });
      },
    });
  };

  loadDetail = (target) => load(target, false);

  // The panel follows the reader's selection: the same text selected again (its tokens
  // re-analysed) keeps the panel as it is.
  let shownKey: string | null = null;
  useReader.subscribe((s) => {
    const span = s.selection ? selectionSpan(s.tokens, s.selection) : null;
    const key = s.selection && span && s.doc ? `${s.doc.id}:${s.selection.kind}:${span.start}-${span.end}` : null;
    if (key === shownKey) return;
    shownKey = key;
    if (!s.selection || !s.doc) {
      if (get().target) get().close();
      return;
    }
    const target = targetFor(s.tokens, s.doc.text, s.selection);
    outside = null;
    if (target) load(target, false);
  });

  return {
    target: null,
    detail: {},
    status: 'idle',
    source: null,
    modelError: null,
    error: null,
    refresh() {
      const t = get().target;
      if (t) load(t, true);
    },
    close() {
      outside = null;
      runs.abort();
      set({ target: null, detail: {}, status: 'idle', source: null, modelError: null, error: null });
      if (useReader.getState().selection) useReader.getState().setSelection(null, null);
    },
  };
});
