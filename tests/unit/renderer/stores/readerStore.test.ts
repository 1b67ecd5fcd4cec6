import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';
import { tokens } from '../support/helpers';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useReader, onDocChanged, onAnalysisFinished } = await import('../../../../renderer/src/stores/readerStore');

const TEXT = '猫が好き。';
const chunk = (source: 'offline' | 'model', final: boolean, documentId?: number) => ({
  source,
  range: { start: 0, end: TEXT.length },
  tokens: tokens('猫/noun/ねこ', 'が/particle', source === 'model' ? '好き/adjective/すき' : '好き/noun/すき', '。/punctuation'),
  final,
  progress: { done: final ? TEXT.length : 0, total: TEXT.length },
  ...(documentId !== undefined ? { documentId } : {}),
});

describe('readerStore with a stubbed bridge', () => {
  beforeEach(() => useReader.getState().clear());

  it('streams the offline tokens, then the model, names the document and tells listeners', async () => {
    const docs: Array<string | null> = [];
    const finished: string[] = [];
    const offDoc = onDocChanged((d) => docs.push(d ? d.text : null));
    const offFin = onAnalysisFinished((_d, status) => finished.push(status));
    useReader.getState().setInput(TEXT);
    useReader.getState().analyze();
    expect(useReader.getState().status).toBe('analyzing');
    const s = b.last('reader.analyze')!;
    expect(s.args[0]).toEqual({ text: TEXT, refresh: false, source: 'typed' });
    s.push(chunk('offline', false, 42));
    await settle();
    expect(useReader.getState().documentId).toBe(42);
    expect(useReader.getState().tokens.map((t) => t.word)).toEqual(['猫', 'が', '好き', '。']);
    s.push(chunk('model', true));
    s.finish({ ok: true, value: { tokens: [], source: 'model', documentId: 42 } });
    await settle(150);
    const st = useReader.getState();
    expect(st.status).toBe('done');
    expect(st.resultSource).toBe('model');
    expect(st.tokens.find((t) => t.word === '好き')?.pos).toBe('adjective');
    expect(st.groups).toEqual(['noun', 'adjective', 'particle', 'punctuation']);
    expect(docs).toEqual([TEXT]);
    expect(finished).toEqual(['done']);
    offDoc();
    offFin();
  });

  it('a model analysis with pieces kept offline says how many, and a new analysis forgets it', async () => {
    useReader.getState().setInput(TEXT);
    useReader.getState().analyze();
    const s = b.last('reader.analyze')!;
    s.push(chunk('offline', true, 9));
    s.finish({ ok: true, value: { tokens: [], source: 'model', offlinePieces: 2, documentId: 9 } });
    await settle(150);
    expect(useReader.getState()).toMatchObject({ status: 'done', resultSource: 'model', offlinePieces: 2, modelError: null });
    useReader.getState().analyze();
    expect(useReader.getState().offlinePieces).toBe(0);
  });

  it('stop cancels the stream and keeps what arrived', async () => {
    useReader.getState().setInput(TEXT);
    useReader.getState().analyze();
    const s = b.last('reader.analyze')!;
    s.push(chunk('offline', false, 7));
    await settle();
    useReader.getState().stop();
    await settle(150);
    expect(s.cancelled).toBe(true);
    expect(useReader.getState().status).toBe('stopped');
    expect(useReader.getState().tokens.length).toBeGreaterThan(0);
    expect(useReader.getState().error).toBeNull();
  });

  it('an error is kept for the UI; a click selects a word, Shift+click a phrase', async () => {
    useReader.getState().setInput(TEXT);
    useReader.getState().analyze();
    const s = b.last('reader.analyze')!;
    s.push(chunk('offline', true));
    s.finish({ ok: false, error: { code: 'upstream_error', message: 'boom', status: 500 } });
    await settle(150);
    expect(useReader.getState().status).toBe('error');
    expect(useReader.getState().error?.message).toBe('boom');
    useReader.getState().click(0, false);
    expect(useReader.getState().selection).toEqual({ kind: 'word', index: 0 });
    useReader.getState().click(2, true);
    expect(useReader.getState().selection).toEqual({ kind: 'phrase', first: 0, last: 2 });
  });

  it('ignores empty input; clear resets everything', () => {
    const before = b.streams.length;
    useReader.getState().setInput('   ');
    useReader.getState().analyze();
    expect(b.streams.length).toBe(before);
    useReader.getState().openAnalysed('猫。', tokens('猫/noun/ねこ', '。/punctuation'));
    expect(useReader.getState().resultSource).toBe('daily');
    useReader.getState().clear();
    expect(useReader.getState()).toMatchObject({ doc: null, tokens: [], status: 'idle', input: '', documentId: null });
  });
});
