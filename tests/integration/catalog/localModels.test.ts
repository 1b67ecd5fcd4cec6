/**
 * Provider `local`: a real core against a fake OpenAI-compatible server on 127.0.0.1 (tests/fakes/localModelServer.ts):
 * its `/models` list, chat with no key, the address from LOCAL_API_URL or Settings, and image text only on a model
 * that reads images.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/app/createCore';
import { loadConfig } from '../../../electron/core/config/config';
import type { ModelList } from '../../../shared/catalog';
import { SettingsSchema } from '../../../shared/settings';
import { startFakeLocalModels, type FakeLocalModels } from '../../fakes/localModelServer';
import { modelReply } from '../../fakes/modelReplies';
import { callOk, streamEvents, streamResult } from '../../support/dispatch';
import { makeTempDir } from '../../support/tempDir';
import { memoryBackend, withDispatcher, type TestCore as Core } from '../../support/testCore';

let local: FakeLocalModels;
let tmp: ReturnType<typeof makeTempDir>;
const cores: Core[] = [];
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

beforeAll(async () => {
  local = await startFakeLocalModels({ models: ['llama3.2:latest', 'llava:7b', 'qwen2.5:7b'], reply: modelReply });
});
afterAll(() => local.close());
beforeEach(() => {
  tmp = makeTempDir();
  local.requests.length = 0;
  local.mode = 'ok';
  local.models = ['llama3.2:latest', 'llava:7b', 'qwen2.5:7b'];
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  tmp.cleanup();
});

/** A core with no key at all, its provider `local`. */
function start(env: NodeJS.ProcessEnv = { LOCAL_API_URL: local.baseUrl }): Core {
  const config = loadConfig({ APP_DATA_DIR: tmp.dir, OPENROUTER_API_URL: 'http://127.0.0.1:9/none', ...env });
  const core = withDispatcher(createCore({ config, mode: 'browser', version: '0.0.0-test', secretBackends: [memoryBackend()] }));
  cores.push(core);
  core.settings.set({ provider: 'local', models: { local: 'llama3.2:latest' } });
  return core;
}
const list = (core: Core) => callOk<ModelList>(core, 'gateway.listModels', 'local');
const chats = () => local.requests.filter((r) => r.path === '/v1/chat/completions');

describe('provider local', () => {
  it('LOCAL_API_URL defaults to Ollama’s address; Settings may name another', () => {
    expect(loadConfig({ APP_DATA_DIR: '/tmp/x' }).localApiUrl).toBe('http://127.0.0.1:11434/v1');
    expect(loadConfig({ APP_DATA_DIR: '/tmp/x', LOCAL_API_URL: 'http://127.0.0.1:1234/v1/' }).localApiUrl).toBe('http://127.0.0.1:1234/v1');
    expect(SettingsSchema.parse({}).localApiUrl).toBeNull();
    expect(SettingsSchema.safeParse({ localApiUrl: 'file:///etc/passwd' }).success).toBe(false);
  });

  it('lists the server’s models live: free, priced 0, vision models by name', async () => {
    const core = start();
    core.settings.set({ models: { local: 'llama3.2' } });
    const l = await list(core);
    // Ollama's `llama3.2` is `llama3.2:latest`: no "no longer offered" notice, and the model in use is that one.
    expect(l.replaced).toBeUndefined();
    expect(l.inUse!.analysis).toBe('llama3.2:latest');
    expect(l).toMatchObject({ provider: 'local', source: 'live' });
    expect(l.models.map((m) => m.id)).toEqual(['llama3.2:latest', 'llava:7b', 'qwen2.5:7b']);
    expect(l.models.every((m) => m.free && m.promptPrice === 0 && m.completionPrice === 0)).toBe(true);
    expect(l.models.find((m) => m.id === 'llava:7b')!.inputModalities).toContain('image');
    expect(l.models.find((m) => m.id === 'llama3.2:latest')!.inputModalities).toEqual(['text']);
    // A model pulled since: the next list has it.
    local.models.push('gemma3:4b');
    expect((await list(core)).models.map((m) => m.id)).toContain('gemma3:4b');
  });

  it('chat streams from the local server with no key and no Authorization header', async () => {
    const core = start();
    await list(core);
    const { chunks, result } = await streamResult<string, { text: string }>(core, 'chat.send', [{ messages: [{ role: 'user', content: '猫は何ですか' }] }]);
    expect(chunks.length).toBeGreaterThan(0);
    expect(result.text.length).toBeGreaterThan(0);
    const sent = chats().at(-1)!;
    expect(sent.body).toMatchObject({ model: 'llama3.2:latest', stream: true, stream_options: { include_usage: true } });
    expect(sent.authorization).toBeUndefined();
  });

  it('analysis runs on a local model (the schema in the prompt) and is counted at no cost', async () => {
    const core = start();
    await list(core);
    const events = await streamEvents(core, 'reader.analyze', [{ text: '吾輩は猫である。' }]);
    expect(events.at(-1)!.type).toBe('done');
    const sent = chats().at(-1)!;
    expect(sent.body!.response_format).toBeUndefined();
    expect(JSON.stringify(sent.body!.messages)).toContain('JSON Schema');
  });

  it('the address in Settings wins over LOCAL_API_URL, from the next request on', async () => {
    const core = start({ LOCAL_API_URL: 'http://127.0.0.1:9/v1' });
    const before = await list(core);
    expect(before.source).toBe('builtin');
    expect(before.models).toEqual([]);
    core.settings.set({ localApiUrl: local.baseUrl });
    expect((await list(core)).source).toBe('live');
    await streamResult(core, 'chat.send', [{ messages: [{ role: 'user', content: 'こんにちは' }] }]);
    expect(chats()).toHaveLength(1);
  });

  it('image text with “same as analysis” and a text-only analysis model runs on a model that reads images, and says which', async () => {
    const core = start();
    const l = await list(core);
    expect(l.inUse).toMatchObject({ analysis: 'llama3.2:latest', imageText: 'llava:7b' });
    await streamResult(core, 'ocr.extract', [{ imageData: PNG }]);
    expect(chats().at(-1)!.body!.model).toBe('llava:7b');
  });

  it('no model of the server reads images: image text is refused, never sent to a text-only model', async () => {
    local.models = ['llama3.2:latest', 'qwen2.5:7b'];
    const core = start();
    const l = await list(core);
    expect(l.inUse!.imageText).toBeNull();
    const events = await streamEvents(core, 'ocr.extract', [{ imageData: PNG }]);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'bad_request', details: { reason: 'no_able_model' } } });
    expect(chats()).toHaveLength(0);
  });

  it('a server that is not running: the list stays as it was, a chat fails as unavailable, nothing hangs', async () => {
    const core = start();
    await list(core);
    local.mode = 'down';
    const l = await list(core);
    expect(l.source).toBe('stored');
    expect(l.models.length).toBe(3);
    const events = await streamEvents(core, 'chat.send', [{ messages: [{ role: 'user', content: 'こんにちは' }] }]);
    // Named as the local server's failure, so the learner is told to start it rather than to check the internet.
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { details: { service: 'local' } } });
  });
});
