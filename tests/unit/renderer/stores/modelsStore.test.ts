import { beforeEach, describe, expect, it, vi } from 'vitest';
import { builtinModels, type ModelList } from '../../../../shared/catalog';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useModels } = await import('../../../../renderer/src/stores/modelsStore');
const { useReader } = await import('../../../../renderer/src/stores/readerStore');
const { useSettings } = await import('../../../../renderer/src/stores/settingsStore');

const list: ModelList = { provider: 'openrouter', source: 'live', fetchedAt: '2026-01-01T00:00:00.000Z', models: builtinModels('openrouter') };
b.answers.set('gateway.listModels', () => ({ ok: true, value: list }));
const analyses = () => b.streams.filter((s) => s.method === 'reader.analyze').length;

describe('the cost question before an analysis', () => {
  beforeEach(() => {
    useModels.setState({ lists: {}, prompt: null });
    useReader.getState().clear();
  });

  it('a text estimated above the limit waits for a yes; below it, the analysis starts at once', async () => {
    useSettings.setState({ settings: { ...useSettings.getState().settings, costLimitUsd: 0.05 } });
    // 10,000 characters with google/gemini-2.5-flash ($0.30 / $2.50 per million): about $0.20.
    useReader.getState().setInput('猫'.repeat(10_000));
    const before = analyses();
    await useModels.getState().requestAnalysis();
    const prompt = useModels.getState().prompt!;
    expect(prompt.model).toBe('google/gemini-2.5-flash');
    expect(prompt.estimate).toBeGreaterThan(0.05);
    expect(prompt.limit).toBe(0.05);
    expect(analyses()).toBe(before);
    useModels.getState().cancel();
    expect(analyses()).toBe(before);

    await useModels.getState().requestAnalysis({ refresh: true });
    useModels.getState().confirm();
    expect(analyses()).toBe(before + 1);
    expect(b.last('reader.analyze')!.args[0]).toMatchObject({ refresh: true });
    useReader.getState().stop();
    await settle();

    useReader.getState().setInput('猫が好き。');
    await useModels.getState().requestAnalysis();
    expect(useModels.getState().prompt).toBeNull();
    expect(analyses()).toBe(before + 2);
  });

  it('a raised limit lets the same text through', async () => {
    useSettings.setState({ settings: { ...useSettings.getState().settings, costLimitUsd: 1 } });
    useReader.getState().setInput('猫'.repeat(10_000));
    const before = analyses();
    await useModels.getState().requestAnalysis();
    expect(useModels.getState().prompt).toBeNull();
    expect(analyses()).toBe(before + 1);
  });

  it('a text whose analysis is cached is not asked about (it costs nothing), unless the model is asked again', async () => {
    useSettings.setState({ settings: { ...useSettings.getState().settings, costLimitUsd: 0.05 } });
    const long = '猫'.repeat(10_000);
    b.answers.set('reader.analysisCached', (q) => ({ ok: true, value: (q as { text: string }).text === long }));
    try {
      useReader.getState().setInput(long);
      const before = analyses();
      await useModels.getState().requestAnalysis();
      expect(b.calls.at(-1)).toMatchObject({ method: 'reader.analysisCached', args: [{ text: long }] });
      expect(useModels.getState().prompt).toBeNull();
      expect(analyses()).toBe(before + 1);
      useReader.getState().stop();
      await settle();

      // A re-analysis bypasses the cache: it costs again, so the question stands.
      await useModels.getState().requestAnalysis({ refresh: true });
      expect(useModels.getState().prompt).not.toBeNull();
      useModels.getState().cancel();

      // Another long text, not cached: asked.
      useReader.getState().setInput('犬'.repeat(10_000));
      await useModels.getState().requestAnalysis();
      expect(useModels.getState().prompt).not.toBeNull();
      expect(analyses()).toBe(before + 1);
      useModels.getState().cancel();
    } finally {
      b.answers.delete('reader.analysisCached');
    }
  });
});
