import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';
import { tokens } from '../support/helpers';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useReader } = await import('../../../../renderer/src/stores/readerStore');
const { useDetail } = await import('../../../../renderer/src/stores/detailStore');

const TEXT = '今日は晴れ。猫が寝た。';
const DETAIL = { chineseTranslation: '猫', dictionaryForm: '猫', explanation: 'e', conjugation: '', example: 'x', exampleTranslation: 'y', pos: 'noun', furigana: 'ねこ' };

describe('detailStore with a stubbed bridge', () => {
  beforeEach(() => {
    useDetail.getState().close();
    useReader.getState().openAnalysed(TEXT, tokens('今日/noun/きょう', 'は/particle', '晴れ/noun/はれ', '。/punctuation', '猫/noun/ねこ', 'が/particle', '寝た/verb/ねた', '。/punctuation'));
  });

  it('a selected word asks for its detail in its own sentence and streams the fields in', async () => {
    useReader.getState().click(4, false);
    expect(useDetail.getState()).toMatchObject({ status: 'loading', target: { kind: 'word', index: 4, sentence: '猫が寝た。', offset: 0 } });
    const s = b.last('reader.wordDetail')!;
    expect(s.args[0]).toMatchObject({ word: '猫', sentence: '猫が寝た。', pos: 'noun', furigana: 'ねこ', offset: 0, refresh: false });
    s.push({ chineseTranslation: '猫' });
    await settle();
    expect(useDetail.getState().detail).toEqual({ chineseTranslation: '猫' });
    s.finish({ ok: true, value: { detail: DETAIL, source: 'model' } });
    await settle();
    expect(useDetail.getState()).toMatchObject({ status: 'done', source: 'model', detail: DETAIL });
  });

  it('refresh asks again, bypassing the cache; an error is kept; close clears the selection', async () => {
    useReader.getState().click(4, false);
    b.last('reader.wordDetail')!.finish({ ok: true, value: { detail: DETAIL, source: 'cache' } });
    await settle();
    useDetail.getState().refresh();
    const again = b.last('reader.wordDetail')!;
    expect(again.args[0]).toMatchObject({ refresh: true });
    again.finish({ ok: false, error: { code: 'upstream_error', message: 'down', status: 502 } });
    await settle();
    expect(useDetail.getState()).toMatchObject({ status: 'error', error: { message: 'down' } });
    useDetail.getState().close();
    expect(useDetail.getState().target).toBeNull();
    expect(useReader.getState().selection).toBeNull();
  });

  it('fields that arrived before a stream went quiet stay, next to the idle error', async () => {
    useReader.getState().click(4, false);
    const s = b.last('reader.wordDetail')!;
    s.push({ chineseTranslation: '猫', dictionaryForm: '猫' });
    await settle();
    s.finish({ ok: false, error: { code: 'mid_stream_error', message: 'The model stopped sending for 90 s; the answer is cut short.', details: { idle: true } } });
    await settle();
    expect(useDetail.getState()).toMatchObject({ status: 'error', error: { code: 'mid_stream_error' }, detail: { chineseTranslation: '猫', dictionaryForm: '猫' } });
  });

  it('a new selection cancels the previous request; a phrase waits for the learner to settle', async () => {
    useReader.getState().click(0, false);
    const first = b.last('reader.wordDetail')!;
    const before = b.streams.filter((s) => s.method === 'reader.phraseDetail').length;
    useReader.getState().click(2, true);
    expect(first.cancelled).toBe(true);
    expect(useDetail.getState().target).toMatchObject({ kind: 'phrase', phrase: '今日は晴れ' });
    expect(b.streams.filter((s) => s.method === 'reader.phraseDetail').length).toBe(before);
    await settle(300);
    const phrase = b.last('reader.phraseDetail')!;
    expect(phrase.args[0]).toMatchObject({ phrase: '今日は晴れ', sentence: '今日は晴れ。', refresh: false });
  });
});
