import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useTranslationStore } = await import('../../../../renderer/src/stores/translationStore');

const t = () => useTranslationStore.getState();

describe('translationStore with a stubbed bridge', () => {
  beforeEach(() => t().reset());

  it('streams the text in, then shows the final text and its source', async () => {
    t().translate('d1', '猫が好き。');
    expect(t()).toMatchObject({ docId: 'd1', status: 'loading', text: '' });
    const s = b.last('reader.translate')!;
    expect(s.args[0]).toMatchObject({ text: '猫が好き。', refresh: false });
    s.push('I like ');
    s.push('cats');
    await settle();
    expect(t().text).toBe('I like cats');
    s.finish({ ok: true, value: { text: 'I like cats.', source: 'model' } });
    await settle();
    expect(t()).toMatchObject({ status: 'done', text: 'I like cats.', source: 'model', error: null });
  });

  it('stop keeps what arrived as stopped; a stop before any text goes back to idle', async () => {
    t().translate('d1', '猫。');
    b.last('reader.translate')!.push('Cat');
    await settle();
    t().stop();
    await settle();
    expect(t()).toMatchObject({ status: 'stopped', text: 'Cat' });

    t().translate('d2', '犬。');
    t().stop();
    await settle();
    expect(t()).toMatchObject({ status: 'idle', text: '' });
  });

  it('an error keeps the partial text with the error', async () => {
    t().translate('d1', '猫。');
    const s = b.last('reader.translate')!;
    s.push('Ca');
    s.finish({ ok: false, error: { code: 'mid_stream_error', message: 'cut', status: 502 } });
    await settle();
    expect(t()).toMatchObject({ status: 'error', text: 'Ca', error: { code: 'mid_stream_error' } });
  });

  it('a newer translation replaces the older one, whose late text is ignored; reset drops a running one', async () => {
    t().translate('d1', '一。');
    const older = b.last('reader.translate')!;
    t().translate('d2', '二。');
    expect(older.cancelled).toBe(true);
    const newer = b.last('reader.translate')!;
    newer.push('Two');
    newer.finish({ ok: true, value: { text: 'Two.', source: 'cache' } });
    await settle();
    expect(t()).toMatchObject({ docId: 'd2', status: 'done', text: 'Two.', source: 'cache' });

    t().translate('d3', '三。');
    const dropped = b.last('reader.translate')!;
    t().reset();
    expect(dropped.cancelled).toBe(true);
    await settle();
    expect(t()).toMatchObject({ docId: null, status: 'idle', text: '' });
  });
});
