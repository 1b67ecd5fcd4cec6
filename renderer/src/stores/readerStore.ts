import { create } from 'zustand';
import type { AnalyzeResult } from '../../../shared/contract/reader';
import type { CardSource } from '../../../shared/contract/review';
import { POS_GROUPS, type PosGroup, type Token } from '../../../shared/domain';
import type { AppErrorData } from '../../../shared/result';
import type { UsageRecord } from '../../../shared/usage';
import { bridge } from '../bridge';
import { MARKS, markOnce, resetMarks } from '../perf/marks';
import { blockTokenLists, buildBlocks, type Block } from '../reader/blocks';
import { docIdFor } from '../reader/docId';
import { tokenIndexAt, type PlacedToken } from '../reader/placedToken';
import { checkPhrase, remapSelection, selectionForClick, type PhraseCheck, type ReaderSelection } from '../reader/selection';
import { TokenStream, type CharRange } from '../reader/tokenStream';
import { frameScheduler } from './frameScheduler';
import { reportModelOutcome } from './modelOutcome';
import { streamRunner } from './runStream';
import { useSettings } from './settingsStore';

export type AnalysisStatus = 'idle' | 'analyzing' | 'done' | 'stopped' | 'error';
export type SelectionHint = Exclude<PhraseCheck, { ok: true }>['reason'] | null;

export interface ReaderDoc {
  id: string;
  text: string;
  blocks: Block[];
  /** Where the document came from: an analysis of the input, or the daily sentence (tokens included). */
  origin: 'analysis' | 'daily';
  /** The book paragraph the text is (stars from it keep it as their source). */
  book?: CardSource;
}

interface ReaderState {
  input: string;
  /** Where the input came from, recorded on the history document. */
  inputSource: 'typed' | 'image';
  /** The book paragraph the input is, until the learner edits it. */
  inputBook: CardSource | null;
  /** The history document of the analysed text, once the core names it. */
  documentId: number | null;
  doc: ReaderDoc | null;
  tokens: readonly PlacedToken[];
  blockTokens: ReadonlyArray<readonly PlacedToken[]>;
  groups: PosGroup[];
  status: AnalysisStatus;
  progress: { done: number; total: number };
  /** The model is working through the text (after the offline pass). */
  modelRunning: boolean;
  resultSource: AnalyzeResult['source'] | 'daily' | null;
  /** Why the model's analysis is missing, when the offline one is shown instead. */
  modelError: AppErrorData | null;
  /** Pieces that kept the offline analysis because the model changed their text. */
  offlinePieces: number;
  /** What the model's analysis cost (none for a cached or offline one). */
  usage: UsageRecord | null;
  error: AppErrorData | null;
  selection: ReaderSelection | null;
  anchor: number | null;
  hint: SelectionHint;
  /** Any edit forgets the book the input came from; `book` names it for a paragraph sent from a book. */
  setInput(text: string, source?: 'typed' | 'image', book?: CardSource): void;
  analyze(opts?: { refresh?: boolean }): void;
  stop(): void;
  /** Opens a text whose tokens are already known (the daily sentence). */
  openAnalysed(text: string, tokens: Token[]): void;
  clear(): void;
  click(index: number, shift: boolean): void;
  selectPhrase(a: number, b: number): boolean;
  setSelection(selection: ReaderSelection | null, anchor?: number | null): void;
}

const runs = streamRunner();

/** Listeners run when an analysis finishes (translation starts then); set by the features that care. */
const finishedListeners = new Set<(doc: ReaderDoc, status: AnalysisStatus) => void>();
export function onAnalysisFinished(l: (doc: ReaderDoc, status: AnalysisStatus) => void): () => void {
  finishedListeners.add(l);
  return () => finishedListeners.delete(l);
}
const docListeners = new Set<(doc: ReaderDoc | null) => void>();
/** Listeners run when a new document replaces the current one (panels close, chat switches). */
export function onDocChanged(l: (doc: ReaderDoc | null) => void): () => void {
  docListeners.add(l);
  return () => docListeners.delete(l);
}

const orderedGroups = (set: ReadonlySet<PosGroup>) => POS_GROUPS.filter((g) => set.has(g) && g !== 'linebreak');

export const useReader = create<ReaderState>((set, get) => {
  const startDoc = (text: string, origin: ReaderDoc['origin'], book?: CardSource | null): ReaderDoc => {
    const doc: ReaderDoc = { id: docIdFor(text), text, blocks: buildBlocks(text), origin, ...(book ? { book } : {}) };
    for (const l of docListeners) l(doc);
    return doc;
  };

  const publish = (stream: TokenStream, doc: ReaderDoc, changed: CharRange[] | 'all') => {
    const tokens = stream.tokens();
    set((s) => {
      const selection = s.selection ? remapSelection(s.tokens, tokens, s.selection) : null;
      const anchorToken = s.anchor === null ? undefined : s.tokens[s.anchor];
      return {
        tokens,
        blockTokens: blockTokenLists(doc.blocks, tokens, s.doc === doc ? s.blockTokens : undefined, changed),
        groups: orderedGroups(stream.posGroups()),
        progress: stream.progress,
        selection,
        anchor: anchorToken ? tokenIndexAt(tokens, anchorToken.start) : null,
      };
    });
  };

  return {
    input: '',
    inputSource: 'typed',
    inputBook: null,
    documentId: null,
    doc: null,
    tokens: [],
    blockTokens: [],
    groups: [],
    status: 'idle',
    progress: { done: 0, total: 0 },
    modelRunning: false,
    resultSource: null,
    modelError: null, offlinePieces: 0, usage: null,
    error: null,
    selection: null,
    anchor: null,
    hint: null,

    setInput: (input, source, book) => set(source ? { input, inputSource: source, inputBook: book ?? null } : { input, inputBook: book ?? null }),

    analyze(opts = {}) {
      const text = get().input.replace(/\r\n?/g, '\n');
      if (text.trim() === '') return;
      const run = runs.begin();
      resetMarks();
      performance.mark(MARKS.start);
      const doc = startDoc(text, 'analysis', get().inputBook);
      const stream = new TokenStream(text);
      const streaming = useSettings.getState().settings.streaming;
      set({
        doc,
        tokens: stream.tokens(),
        blockTokens: blockTokenLists(doc.blocks, stream.tokens(), undefined, 'all'),
        groups: [],
        status: 'analyzing',
        documentId: null,
        progress: { done: 0, total: text.length },
        modelRunning: false,
        resultSource: null,
        modelError: null, offlinePieces: 0, usage: null,
        error: null,
        selection: null,
        anchor: null,
        hint: null,
      });
      const s = bridge.stream('reader.analyze', { text, refresh: opts.refresh ?? false, source: get().inputSource });
      const frame = frameScheduler(() => {
        if (!run.current) return;
        const changed = stream.flush();
        if (changed.length) publish(stream, doc, changed);
      });
      const retry = () => get().analyze(opts);
      /** The last tokens go on screen before the outcome does. */
      const settle = () => {
        frame.flushNow();
        performance.mark(MARKS.done);
      };
      const cutShort = (error: AppErrorData | null) => {
        settle();
        if (error) reportModelOutcome(error, retry);
        publish(stream, doc, stream.dropUnfinished());
        set({ status: error ? 'error' : 'stopped', modelRunning: false, error });
        for (const l of finishedListeners) l(doc, error ? 'error' : 'stopped');
      };
      void run.follow(s, {
        chunk(chunk) {
          markOnce(MARKS.firstChunk);
          if (chunk.documentId !== undefined && get().documentId === null) set({ documentId: chunk.documentId });
          // With streaming off, the model's pieces appear when each is checked, not token by token.
          if (!streaming && chunk.source === 'model' && !chunk.final) return;
          const first = !stream.hasTokens;
          stream.apply(chunk);
          if (chunk.source === 'model' && !get().modelRunning) set({ modelRunning: true });
          // The first tokens go on screen at once; later ones are batched per frame.
          if (first && stream.hasTokens) frame.flushNow();
          else frame.schedule();
        },
        done(value) {
          settle();
          reportModelOutcome(value.modelError, retry);
          set({
            status: 'done',
            modelRunning: false,
            resultSource: value.source,
            modelError: value.modelError ?? null,
            offlinePieces: value.offlinePieces ?? 0,
            usage: value.usage ?? null,
            progress: { done: text.length, total: text.length },
            ...(value.documentId !== undefined ? { documentId: value.documentId } : {}),
          });
          for (const l of finishedListeners) l(doc, 'done');
        },
        stopped: () => cutShort(null),
        failed: cutShort,
      });
    },

    stop() {
      runs.stop();
    },

    openAnalysed(text, tokens) {
      runs.abort();
      const doc = startDoc(text, 'daily');
      const stream = TokenStream.fromTokens(text, tokens);
      set({
        input: text,
        inputSource: 'typed',
        inputBook: null,
        documentId: null,
        doc,
        tokens: stream.tokens(),
        blockTokens: blockTokenLists(doc.blocks, stream.tokens(), undefined, 'all'),
        groups: orderedGroups(stream.posGroups()),
        status: 'done',
        progress: { done: text.length, total: text.length },
        modelRunning: false,
        resultSource: 'daily',
        modelError: null, offlinePieces: 0, usage: null,
        error: null,
        selection: null,
        anchor: null,
        hint: null,
      });
    },

    clear() {
      runs.abort();
      for (const l of docListeners) l(null);
      set({ input: '', inputSource: 'typed', inputBook: null, documentId: null, doc: null, tokens: [], blockTokens: [], groups: [], status: 'idle', modelRunning: false, resultSource: null, modelError: null, offlinePieces: 0, usage: null, error: null, selection: null, anchor: null, hint: null });
    },

    click(index, shift) {
      const s = get();
      if (!s.doc) return;
      const r = selectionForClick(s.tokens, s.doc.text, s.anchor, index, shift);
      if (!r) return;
      if ('error' in r) return set({ hint: r.error });
      set({ selection: r.selection, anchor: r.anchor, hint: null });
    },

    selectPhrase(a, b) {
      const s = get();
      if (!s.doc) return false;
      const check = checkPhrase(s.tokens, s.doc.text, a, b);
      if (!check.ok) {
        set({ hint: check.reason });
        return false;
      }
      set({ selection: { kind: 'phrase', first: check.first, last: check.last }, anchor: a, hint: null });
      return true;
    },

    setSelection: (selection, anchor) => set((s) => ({ selection, anchor: anchor === undefined ? s.anchor : anchor, hint: null })),
  };
});
