import { create } from 'zustand';
import type { BookParagraph } from '../../../shared/contract/books';
import type { AnalyzeResult } from '../../../shared/contract/reader';
import type { AppErrorData } from '../../../shared/result';
import { estimateAnalysisCost } from '../../../shared/usage';
import { bridge, type BridgeStream } from '../bridge';
import { useBooks } from './booksStore';
import { analysisModel } from './modelsStore';
import { useSettings } from './settingsStore';

/** What "analyse this chapter" would do, shown before it starts. */
export interface ChapterPlan {
  bookId: number;
  chapterTitle: string;
  /** The paragraphs to send: those the model has not analysed yet. */
  paragraphs: Array<Pick<BookParagraph, 'id' | 'text'>>;
  /** Paragraphs left out because their analysis is cached already. */
  cached: number;
  chars: number;
  model: string;
  /** USD; null when the model gives no price (Gemini). */
  estimate: number | null;
  limit: number;
}

export interface ChapterRun {
  done: number;
  total: number;
  status: 'running' | 'done' | 'stopped' | 'failed';
  error?: AppErrorData;
}

interface ChapterAnalysisState {
  plan: ChapterPlan | null;
  run: ChapterRun | null;
  /** Works out the paragraphs and the cost of the chapter on screen, and asks. */
  prepare(): Promise<void>;
  cancel(): void;
  /** Analyses the planned paragraphs one after another; each answer lands in the answer cache. */
  start(): Promise<void>;
  stop(): void;
}

/** The paragraphs worth sending: text (no illustrations, no empty ones). */
export const analysableParagraphs = (paragraphs: readonly BookParagraph[]) => paragraphs.filter((p) => !p.image && p.text.trim() !== '');

/** Each paragraph is its own request (so each is cached by its own text): the estimate is their sum. */
export const chapterEstimate = (texts: readonly string[], model: Parameters<typeof estimateAnalysisCost>[1]) =>
  texts.reduce((sum, t) => sum + estimateAnalysisCost(t.length, model), 0);

let current: BridgeStream<unknown, AnalyzeResult> | null = null;
let stopped = false;

/** "Analyse this chapter with the model": the estimate first, then paragraph by paragraph with progress, stoppable. */
export const useChapterAnalysis = create<ChapterAnalysisState>((set, get) => ({
  plan: null,
  run: null,

  async prepare() {
    const { opened, chapterIndex } = useBooks.getState();
    const info = opened?.chapters[chapterIndex];
    if (!opened || !info || get().run?.status === 'running') return;
    // The whole chapter (the view may hold only the stretch around the place).
    const r = await bridge.call('books.chapter', opened.book.id, info.id);
    if (!r.ok) return;
    const chapter = r.value;
    const analysable = analysableParagraphs(chapter.paragraphs);
    if (analysable.length === 0) return;
    // What the model has analysed already costs nothing and is not sent again.
    const done = await bridge.call('books.analysedParagraphs', opened.book.id, analysable.map((p) => p.id));
    const cached = new Set(done.ok ? done.value : []);
    const paragraphs = analysable.filter((p) => !cached.has(p.id)).map((p) => ({ id: p.id, text: p.text }));
    const { id, model } = await analysisModel();
    set({
      run: null,
      plan: {
        bookId: opened.book.id,
        chapterTitle: chapter.title,
        paragraphs,
        cached: analysable.length - paragraphs.length,
        chars: paragraphs.reduce((n, p) => n + p.text.length, 0),
        model: id,
        estimate: model ? chapterEstimate(paragraphs.map((p) => p.text), model) : null,
        limit: useSettings.getState().settings.costLimitUsd,
      },
    });
  },

  cancel: () => set({ plan: null }),

  async start() {
    const plan = get().plan;
    if (!plan) return;
    stopped = false;
    const total = plan.paragraphs.length;
    set({ plan: null, run: { done: 0, total, status: 'running' } });
    for (const [i, p] of plan.paragraphs.entries()) {
      // No history document per paragraph: the answers stay in the cache and show in the book.
      const s = bridge.stream('reader.analyze', { text: p.text, source: 'typed', history: false });
      current = s;
      for await (const _ of s) void _;
      const r = await s.result;
      current = null;
      if (stopped) break;
      const error = !r.ok ? r.error : r.value.modelError;
      if (error) {
        set({ run: { done: i, total, status: 'failed', error } });
        return;
      }
      if (r.ok) {
        // The book shows the model's reading at once (the offline one was there before).
        const books = useBooks.getState();
        if (books.opened?.book.id === plan.bookId) useBooks.setState({ tokens: { ...books.tokens, [p.id]: r.value.tokens } });
      }
      set({ run: { done: i + 1, total, status: 'running' } });
    }
    const done = get().run?.done ?? 0;
    set({ run: { done, total, status: stopped ? 'stopped' : 'done' } });
  },

  stop() {
    stopped = true;
    current?.cancel();
  },
}));
