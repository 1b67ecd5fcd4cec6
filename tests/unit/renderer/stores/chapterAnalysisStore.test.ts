/** "Analyse this chapter with the model": the estimate first, then paragraph by paragraph, stoppable. */
import { describe, expect, it, vi } from 'vitest';
import { builtinModels, type ModelList } from '../../../../shared/catalog';
import type { OpenedBook } from '../../../../shared/contract/books';
import type { Token } from '../../../../shared/domain';
import { estimateAnalysisCost } from '../../../../shared/usage';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useChapterAnalysis } = await import('../../../../renderer/src/stores/chapterAnalysisStore');
const { useBooks } = await import('../../../../renderer/src/stores/booksStore');
const { useSettings } = await import('../../../../renderer/src/stores/settingsStore');

const list: ModelList = { provider: 'openrouter', source: 'live', fetchedAt: '2026-01-01T00:00:00.000Z', models: builtinModels('openrouter') };
b.answers.set('gateway.listModels', () => ({ ok: true, value: list }));
const opened: OpenedBook = {
  book: { id: 7, title: '本', author: '', format: 'text', chars: 30, addedAt: 1, openedAt: 1, progress: 0 } as OpenedBook['book'],
  chapters: [{ id: 70, title: '一', chars: 30 }],
};
const paragraphs = [
  { id: 1, text: '吾輩は猫である。' },
  { id: 2, text: '', image: 'img-1.png' },
  { id: 3, text: '名前はまだ無い。' },
  { id: 4, text: 'どこで生れたか。' },
];
// The plan reads the whole chapter from the core (the view may hold only part of it).
b.answers.set('books.chapter', () => ({ ok: true, value: { title: '一', paragraphs, from: 0, count: paragraphs.length } }));
const analyses = () => b.streams.filter((s) => s.method === 'reader.analyze');
const tokens = (text: string): Token[] => [{ word: text, pos: 'noun', furigana: 'もでる' }];

describe('chapter analysis', () => {
  it('estimates the text paragraphs, then analyses them one by one with progress, and the book shows each answer', async () => {
    useSettings.setState({ settings: { ...useSettings.getState().settings, costLimitUsd: 0.05 } });
    useBooks.setState({ opened, chapter: { title: '一', ids: [1, 2, 3, 4], chars: [8, -1, 8, 8], paragraphs }, chapterIndex: 0, tokens: {} });
    await useChapterAnalysis.getState().prepare();
    const plan = useChapterAnalysis.getState().plan!;
    expect(plan.paragraphs.map((p) => p.id)).toEqual([1, 3, 4]);
    const model = list.models.find((m) => m.id === plan.model)!;
    expect(plan.estimate).toBeCloseTo(['吾輩は猫である。', '名前はまだ無い。', 'どこで生れたか。'].reduce((n, t) => n + estimateAnalysisCost(t.length, model), 0), 10);
    expect(plan.limit).toBe(0.05);
    expect(analyses()).toHaveLength(0);

    const running = useChapterAnalysis.getState().start();
    for (const [i, text] of ['吾輩は猫である。', '名前はまだ無い。', 'どこで生れたか。'].entries()) {
      await settle();
      // One request at a time, in order.
      expect(analyses()).toHaveLength(i + 1);
      expect(analyses()[i]!.args[0]).toMatchObject({ text });
      expect(useChapterAnalysis.getState().run).toMatchObject({ done: i, total: 3, status: 'running' });
      analyses()[i]!.finish({ ok: true, value: { tokens: tokens(text), source: 'model' } });
    }
    await running;
    expect(useChapterAnalysis.getState().run).toEqual({ done: 3, total: 3, status: 'done' });
    expect(useBooks.getState().tokens[3]).toEqual(tokens('名前はまだ無い。'));
  });

  it('leaves out what the model has analysed already: not counted, not sent, and no history document per paragraph', async () => {
    b.answers.set('books.analysedParagraphs', () => ({ ok: true, value: [3] }));
    try {
      await useChapterAnalysis.getState().prepare();
      const plan = useChapterAnalysis.getState().plan!;
      expect(plan.paragraphs.map((p) => p.id)).toEqual([1, 4]);
      expect(plan.cached).toBe(1);
      const model = list.models.find((m) => m.id === plan.model)!;
      expect(plan.estimate).toBeCloseTo(['吾輩は猫である。', 'どこで生れたか。'].reduce((n, t) => n + estimateAnalysisCost(t.length, model), 0), 10);
      const before = analyses().length;
      const running = useChapterAnalysis.getState().start();
      for (const text of ['吾輩は猫である。', 'どこで生れたか。']) {
        await settle();
        expect(analyses().at(-1)!.args[0]).toEqual({ text, source: 'typed', history: false });
        analyses().at(-1)!.finish({ ok: true, value: { tokens: tokens(text), source: 'model' } });
      }
      await running;
      expect(analyses()).toHaveLength(before + 2);
      expect(useChapterAnalysis.getState().run).toEqual({ done: 2, total: 2, status: 'done' });

      // Everything analysed: nothing to send, and the plan says so.
      b.answers.set('books.analysedParagraphs', () => ({ ok: true, value: [1, 3, 4] }));
      await useChapterAnalysis.getState().prepare();
      expect(useChapterAnalysis.getState().plan).toMatchObject({ paragraphs: [], cached: 3 });
    } finally {
      b.answers.delete('books.analysedParagraphs');
      useChapterAnalysis.getState().cancel();
    }
  });

  it('stops when asked, and stops with the reason when the model is unavailable', async () => {
    const before = analyses().length;
    await useChapterAnalysis.getState().prepare();
    const stopped = useChapterAnalysis.getState().start();
    await settle();
    useChapterAnalysis.getState().stop();
    await stopped;
    expect(analyses()[before]!.cancelled).toBe(true);
    expect(analyses()).toHaveLength(before + 1);
    expect(useChapterAnalysis.getState().run).toEqual({ done: 0, total: 3, status: 'stopped' });

    await useChapterAnalysis.getState().prepare();
    const failing = useChapterAnalysis.getState().start();
    await settle();
    analyses().at(-1)!.finish({ ok: true, value: { tokens: [], source: 'offline', modelError: { code: 'no_key', message: 'No API key.' } } });
    await failing;
    expect(useChapterAnalysis.getState().run).toMatchObject({ done: 0, total: 3, status: 'failed', error: { message: 'No API key.' } });
    expect(analyses()).toHaveLength(before + 2);
  });
});
