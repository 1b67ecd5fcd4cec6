import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../electron/core/config/config';
import { createCore } from '../../../electron/core/app/createCore';
import type { ModelList } from '../../../shared/catalog';
import type { AnalyzeResult, DetailResult } from '../../../shared/contract/reader';
import type { WordDetail } from '../../../shared/domain';
import type { TodaySpend } from '../../../shared/usage';
import { startFakeGateway, type FakeGateway } from '../../fakes/gateway';
import { FAKE_GEMINI_KEY, startFakeGeminiTts, type FakeGeminiTts } from '../../fakes/geminiTts';
import { defaultModelListControl, openRouterEntry } from '../../fakes/modelList';
import { modelReply } from '../../fakes/modelReplies';
import { callOk, streamResult } from '../../support/dispatch';
import { memoryBackend, withDispatcher, type TestCore as Core } from '../../support/testCore';
import { makeTempDir } from '../../support/tempDir';

const KEY = 'sk-or-catalog-test';
let gw: FakeGateway;
let gemini: FakeGeminiTts;
let tmp: ReturnType<typeof makeTempDir>;
const cores: Core[] = [];

beforeAll(async () => {
  gw = await startFakeGateway({ keys: [{ key: KEY }], reply: modelReply, costPerRequest: 0.002 });
  gemini = await startFakeGeminiTts();
});
afterAll(async () => {
  await gw.close();
  await gemini.close();
});
beforeEach(() => {
  tmp = makeTempDir();
  Object.assign(gw.models, defaultModelListControl());
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  tmp.cleanup();
});

/** A core on the test's data dir (a second call is the same app started again). */
async function start(env: NodeJS.ProcessEnv = {}): Promise<Core> {
  const config = loadConfig({ APP_DATA_DIR: tmp.dir, OPENROUTER_API_URL: gw.baseUrl, GEMINI_NATIVE_API_URL: gemini.baseUrl, GEMINI_API_KEY: FAKE_GEMINI_KEY, ...env });
  const core = withDispatcher(createCore({ config, mode: 'browser', version: '0.0.0-test', secretBackends: [memoryBackend()] }));
  cores.push(core);
  await core.secrets.set('openrouter', KEY);
  return core;
}
const list = (core: Core, provider = 'openrouter') => callOk<ModelList>(core, 'gateway.listModels', provider);
const refresh = (core: Core, provider = 'openrouter') => callOk<ModelList>(core, 'gateway.refreshModels', provider);
const lastChatModel = () => (gw.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)?.body as { model: string }).model;
const chat = (core: Core) => streamResult(core, 'chat.send', [{ messages: [{ role: 'user', content: '猫は何ですか' }] }]);

describe('model catalog: sources', () => {
  it('built-in before any fetch, live after one, stored at the next start', async () => {
    const first = await start();
    const builtin = await list(first);
    expect(builtin).toMatchObject({ provider: 'openrouter', source: 'builtin', fetchedAt: null });
    expect(builtin.models.map((m) => m.id)).toContain('google/gemini-2.5-flash');
    expect(builtin.models).toHaveLength(8);

    const live = await refresh(first);
    expect(live.source).toBe('live');
    expect(live.fetchedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // 320 good entries; the malformed ones are skipped.
    expect(live.models).toHaveLength(320);
    expect(live.models.find((m) => m.id === 'google/gemini-2.5-flash')).toEqual({
      id: 'google/gemini-2.5-flash',
      name: 'google/gemini-2.5-flash',
      contextLength: 1_048_576,
      promptPrice: 0.3,
      completionPrice: 2.5,
      free: false,
      inputModalities: ['text', 'image'],
      structuredOutputs: true,
    });
    expect(live.models.filter((m) => m.free).every((m) => m.id.endsWith(':free') && m.promptPrice === 0)).toBe(true);
    expect(live.models.some((m) => m.free)).toBe(true);
    await first.close();

    gw.models.mode = 'error';
    const second = await start();
    const stored = await list(second);
    expect(stored).toMatchObject({ source: 'stored', fetchedAt: live.fetchedAt });
    expect(stored.models).toEqual(live.models);
  });

  it('a failed or malformed fetch keeps the last good catalog', async () => {
    const core = await start();
    gw.models.mode = 'malformed';
    expect((await refresh(core)).source).toBe('builtin');
    gw.models.mode = 'ok';
    const good = await refresh(core);
    for (const mode of ['error', 'malformed'] as const) {
      gw.models.mode = mode;
      const after = await refresh(core);
      expect(after).toMatchObject({ source: 'live', fetchedAt: good.fetchedAt });
      expect(after.models).toHaveLength(good.models.length);
    }
    // A list whose every entry is malformed is no catalog either.
    gw.models.mode = 'ok';
    gw.models.entries = [{ id: 'x/broken' }];
    expect((await refresh(core)).models).toHaveLength(good.models.length);
  });

  it('Gemini: every page is read, with the key in x-goog-api-key; speech, embedding and malformed entries are left out', async () => {
    const core = await start();
    const before = gemini.modelRequests;
    const live = await refresh(core, 'gemini');
    expect(live.source).toBe('live');
    // 10 entries at 3 a page.
    expect(gemini.modelRequests - before).toBe(4);
    const ids = live.models.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['gemini-2.5-flash', 'gemini-2.0-flash', 'gemini-flash-latest', 'gemma-3-27b-it']));
    expect(ids.some((id) => /tts|embedding|not-a-model/.test(id))).toBe(false);
    expect(live.models.find((m) => m.id === 'gemma-3-27b-it')?.inputModalities).toEqual(['text']);
  });
});

describe('model catalog: the replacement rule on live data', () => {
  it('a model released today works today: the first request runs with the default and looks it up; the next runs with it', async () => {
    const core = await start();
    await refresh(core);
    gw.models.entries.push(openRouterEntry('newlab/released-today', { structured: true }));
    core.settings.set({ taskModels: { openrouter: { chat: 'newlab/released-today' } } });
    const fetchesBefore = gw.modelRequests;
    await chat(core);
    expect(lastChatModel()).toBe('google/gemini-2.5-flash');
    await gw.waitFor(() => core.catalog.knows('openrouter', 'newlab/released-today'));
    expect(gw.modelRequests - fetchesBefore).toBe(1);
    await chat(core);
    expect(lastChatModel()).toBe('newlab/released-today');

    // Another unknown model within the hour: served with the default, no second lookup.
    core.settings.set({ taskModels: { openrouter: { chat: 'nobody/never-released' } } });
    await chat(core);
    expect(lastChatModel()).toBe('google/gemini-2.5-flash');
    expect(gw.modelRequests - fetchesBefore).toBe(1);
  });

  it('a default that vanished is replaced by the best of its family, with a notice', async () => {
    const core = await start();
    gw.models.entries = gw.models.entries.filter((e) => (e as { id?: string } | null)?.id !== 'google/gemini-2.5-flash');
    const after = await refresh(core);
    // Same family (google/gemini): both left have structured outputs and the same price; then by id.
    expect(after.replaced).toEqual([{ model: 'google/gemini-2.5-flash', replacement: 'google/gemini-2.5-flash-lite' }]);
    await chat(core);
    expect(lastChatModel()).toBe('google/gemini-2.5-flash-lite');
  });

  it('without its family, the cheapest model with structured outputs replaces it', async () => {
    const core = await start();
    gw.models.entries = [
      openRouterEntry('acme/big', { prompt: 5, completion: 15, structured: true }),
      openRouterEntry('acme/cheap-no-schema', { prompt: 0.01, completion: 0.02, structured: false }),
      openRouterEntry('zeta/cheap-schema', { prompt: 0.1, completion: 0.2, structured: true }),
      openRouterEntry('zeta/free-one:free', { structured: true }),
    ];
    expect((await refresh(core)).replaced).toEqual([{ model: 'google/gemini-2.5-flash', replacement: 'zeta/cheap-schema' }]);
  });
});

describe('model catalog: what a task may use', () => {
  it('image text with a model that reads no images runs with one that does', async () => {
    const core = await start();
    await refresh(core);
    core.settings.set({ taskModels: { openrouter: { imageText: 'meta-llama/llama-3.3-70b-instruct:free' } } });
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    await streamResult(core, 'ocr.extract', [{ imageData: png }]);
    expect(lastChatModel()).toBe('google/gemini-2.5-flash');
  });

  it('the :free throttle applies to a :free model that only the live catalog lists', async () => {
    const core = await start({ YOMIMONO_FREE_MODELS_PER_MINUTE: '1' });
    const live = await refresh(core);
    const free = live.models.find((m) => m.free && !m.id.startsWith('deepseek/') && !m.id.startsWith('meta-llama/'))!.id;
    core.settings.set({ taskModels: { openrouter: { chat: free } } });
    await chat(core);
    expect(lastChatModel()).toBe(free);
    const before = gw.requests.length;
    await expect(chat(core)).rejects.toThrow(/free/i);
    // Refused by the app's own throttle: the gateway never saw the second call.
    expect(gw.requests.length).toBe(before);
  });
});

describe('model catalog: structured outputs', () => {
  it('a model without structured outputs gets the schema in its prompt, no response_format', async () => {
    const core = await start();
    await refresh(core);
    core.settings.set({ taskModels: { openrouter: { analysis: 'anthropic/claude-sonnet-4' } } });
    const { result } = await streamResult<unknown, AnalyzeResult>(core, 'reader.analyze', [{ text: '猫が好きです。' }]);
    expect(result.source).toBe('model');
    const body = gw.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.body as { model: string; response_format?: unknown; messages: { role: string; content: string }[] };
    expect(body.model).toBe('anthropic/claude-sonnet-4');
    expect(body.response_format).toBeUndefined();
    expect(body.messages.at(-1)).toMatchObject({ role: 'system', content: expect.stringContaining('JSON Schema named "japanese_tokens"') });
  });

  it('an explanation that is not JSON is asked for once more', async () => {
    const core = await start();
    await refresh(core);
    core.settings.set({ taskModels: { openrouter: { translation: 'meta-llama/llama-3.3-70b-instruct:free' } } });
    gw.script({ kind: 'reply', text: 'Sure! Here is the explanation you asked for.' });
    const before = gw.requests.length;
    const { result } = await streamResult<unknown, DetailResult<WordDetail>>(core, 'reader.wordDetail', [{ word: '猫', sentence: '猫が好きです。', pos: 'noun' }]);
    expect(gw.requests.length - before).toBe(2);
    expect(result.source).toBe('model');
    expect(result.detail.dictionaryForm).toBe('猫');
    const body = gw.requests.at(-1)!.body as { response_format?: unknown; model: string };
    expect(body.model).toBe('meta-llama/llama-3.3-70b-instruct:free');
    expect(body.response_format).toBeUndefined();
  });

  it('two answers that are not JSON end in a clear error', async () => {
    const core = await start();
    await refresh(core);
    core.settings.set({ taskModels: { openrouter: { translation: 'meta-llama/llama-3.3-70b-instruct:free' } } });
    gw.script({ kind: 'reply', text: 'no json' }, { kind: 'reply', text: 'still none' });
    await expect(streamResult(core, 'reader.wordDetail', [{ word: '犬', sentence: '犬が好きです。', pos: 'noun' }])).rejects.toThrow(/not JSON/);
  });
});

describe('what it costs', () => {
  it('each answer asks for usage; the analysis shows its cost; today spends by task', async () => {
    const core = await start();
    const { result } = await streamResult<unknown, AnalyzeResult>(core, 'reader.analyze', [{ text: '吾輩は猫である。' }]);
    expect(gw.requests.at(-1)!.body).toMatchObject({ usage: { include: true } });
    expect(result.usage).toMatchObject({ cost: 0.002 });
    expect(result.usage!.promptTokens).toBeGreaterThan(0);
    expect(result.usage!.completionTokens).toBeGreaterThan(0);
    await chat(core);
    const spend = await callOk<TodaySpend>(core, 'gateway.todaySpend');
    expect(spend.day).toBe(new Date().toISOString().slice(0, 10));
    expect(spend.tasks.map((t) => [t.task, t.requests, t.cost])).toEqual([
      ['analysis', 1, 0.002],
      ['chat', 1, 0.002],
    ]);
    const doc = core.usage.forDocument(result.documentId!, 'analysis');
    expect(doc?.cost).toBe(0.002);
  });

  it('reader.analysisCached: true once the analysis model has answered for the text, so the cost question is skipped', async () => {
    const core = await start();
    const text = '吾輩は猫である。名前はまだ無い。'.repeat(40);
    expect(await callOk<boolean>(core, 'reader.analysisCached', { text })).toBe(false);
    await streamResult<unknown, AnalyzeResult>(core, 'reader.analyze', [{ text }]);
    const calls = gw.requests.length;
    expect(await callOk<boolean>(core, 'reader.analysisCached', { text })).toBe(true);
    expect(await callOk<boolean>(core, 'reader.analysisCached', { text: `${text}。` })).toBe(false);
    // Another analysis model has not analysed it: asking it would cost.
    core.settings.set({ taskModels: { openrouter: { analysis: 'openai/gpt-4o-mini' } } });
    expect(await callOk<boolean>(core, 'reader.analysisCached', { text })).toBe(false);
    // The check itself asks no model.
    expect(gw.requests.length).toBe(calls);
    await expect(callOk(core, 'reader.analysisCached', { text: '' })).rejects.toThrow();
  });
});
