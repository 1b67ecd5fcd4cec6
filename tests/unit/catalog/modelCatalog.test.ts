import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogModel } from '../../../shared/catalog';
import { CatalogStore } from '../../../electron/core/catalog/catalogStore';
import { DAY_MS, ModelCatalog, UNKNOWN_MODEL_REFRESH_MS } from '../../../electron/core/catalog/modelCatalog';
import { UsageLog } from '../../../electron/core/models/usageLog';
import { memoryDb } from '../../support/memoryDb';

const model = (id: string): CatalogModel => ({ id, name: id, contextLength: 1, promptPrice: 1, completionPrice: 1, free: false, inputModalities: ['text'], structuredOutputs: true });

afterEach(() => vi.useRealTimers());

describe('ModelCatalog scheduling', () => {
  it('fetches both providers at start and again every day', async () => {
    vi.useFakeTimers();
    const fetched: string[] = [];
    const catalog = new ModelCatalog({
      store: new CatalogStore(memoryDb()),
      fetchers: { openrouter: async () => (fetched.push('openrouter'), [model('a/b')]), gemini: async () => (fetched.push('gemini'), [model('g')]), local: async () => (fetched.push('local'), [model('l')]) },
    });
    catalog.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched.sort()).toEqual(['gemini', 'local', 'openrouter']);
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(fetched).toHaveLength(6);
    catalog.stop();
    await vi.advanceTimersByTimeAsync(DAY_MS);
    expect(fetched).toHaveLength(6);
  });

  it('an unknown model is looked up again after an hour, and at most once an hour', async () => {
    let now = 1_000_000;
    let calls = 0;
    const catalog = new ModelCatalog({
      store: new CatalogStore(memoryDb()),
      now: () => now,
      fetchers: { openrouter: async () => (calls++, [model('a/b')]), gemini: async () => [], local: async () => [] },
    });
    // noteUnknown alone fetches (in the background): nothing here calls refresh.
    const settled = () => new Promise((r) => setTimeout(r, 0));
    catalog.noteUnknown('openrouter');
    catalog.noteUnknown('openrouter');
    await settled();
    expect(calls).toBe(1);
    now += UNKNOWN_MODEL_REFRESH_MS - 1;
    catalog.noteUnknown('openrouter');
    await settled();
    expect(calls).toBe(1);
    now += 1;
    catalog.noteUnknown('openrouter');
    await settled();
    expect(calls).toBe(2);
    now += UNKNOWN_MODEL_REFRESH_MS;
    catalog.noteUnknown('openrouter');
    catalog.noteUnknown('openrouter');
    await settled();
    expect(calls).toBe(3);
  });

  it('concurrent refreshes share one fetch', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const catalog = new ModelCatalog({
      store: new CatalogStore(memoryDb()),
      fetchers: { openrouter: async () => (calls++, await gate, [model('a/b')]), gemini: async () => [], local: async () => [] },
    });
    const both = Promise.all([catalog.refresh('openrouter'), catalog.refresh('openrouter')]);
    release();
    const [a, b] = await both;
    expect(calls).toBe(1);
    expect(a).toEqual(b);
    expect(a.models.map((m) => m.id)).toEqual(['a/b']);
  });

  it('a stored row that is not a catalog is ignored (built-in list)', () => {
    const db = memoryDb();
    db.prepare("INSERT INTO model_catalog (provider, fetched_at, models) VALUES ('openrouter', 'x', '[{\"id\":1}]')").run();
    expect(new ModelCatalog({ store: new CatalogStore(db), fetchers: { openrouter: async () => [], gemini: async () => [], local: async () => [] } }).list('openrouter').source).toBe('builtin');
  });
});

describe('UsageLog', () => {
  it('Gemini answers keep their tokens and no cost; today sums by task', () => {
    const log = new UsageLog(memoryDb(), () => Date.parse('2026-03-04T10:00:00Z'));
    log.record({ provider: 'gemini', model: 'gemini-2.5-flash', task: 'chat', usage: { prompt_tokens: 10, completion_tokens: 5, cost: 0.3 } });
    log.record({ provider: 'openrouter', model: 'a/b', task: 'analysis', documentId: 7, usage: { prompt_tokens: 1, completion_tokens: 2, cost: 0.01 } });
    log.record({ provider: 'openrouter', model: 'a/b', task: 'analysis', documentId: 7, usage: { prompt_tokens: 1, completion_tokens: 2, cost: 0.02 } });
    log.record({ provider: 'openrouter', model: 'a/b', task: 'analysis', usage: undefined });
    expect(log.today()).toEqual({
      day: '2026-03-04',
      tasks: [
        // An answer without usage still counts as a request; its tokens and cost are unknown (NULL).
        { task: 'analysis', requests: 3, promptTokens: 2, completionTokens: 4, cost: 0.03 },
        { task: 'chat', requests: 1, promptTokens: 10, completionTokens: 5, cost: null },
      ],
    });
    expect(log.forDocument(7, 'analysis')).toEqual({ promptTokens: 2, completionTokens: 4, cost: 0.03 });
    expect(log.forDocument(8, 'analysis')).toBeUndefined();
  });
});
