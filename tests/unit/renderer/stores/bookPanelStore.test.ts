/** The book view's panel store: a click opens the word panel only on a word; a paragraph's translation toggles and says why it failed. */
import { describe, expect, it, vi } from 'vitest';
import type { BookParagraph } from '../../../../shared/contract/books';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();
(globalThis as unknown as { localStorage: Pick<Storage, 'getItem' | 'setItem'> }).localStorage ??= { getItem: () => null, setItem: () => undefined };

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useBookPanel } = await import('../../../../renderer/src/stores/bookPanelStore');
const { useBooks } = await import('../../../../renderer/src/stores/booksStore');
const { useDetail } = await import('../../../../renderer/src/stores/detailStore');

const p: BookParagraph = { id: 5, text: '猫が寝る。' };
const translations = () => b.streams.filter((s) => s.method === 'reader.translate');

describe('the book panel', () => {
  it('opens the word panel on the word clicked (not on punctuation, not before the tokens came), asking with no history document', async () => {
    expect(useBookPanel.getState().pick(p, 0, 0)).toBe(false);
    useBooks.setState({
      tokens: {
        5: [
          { word: '猫', pos: 'noun', furigana: 'ねこ' },
          { word: 'が', pos: 'particle', furigana: '' },
          { word: '寝る', pos: 'verb', furigana: 'ねる' },
          { word: '。', pos: 'punctuation', furigana: '' },
        ],
      },
    });
    expect(useBookPanel.getState().pick(p, 4, 4)).toBe(false);
    expect(useDetail.getState().target).toBeNull();
    expect(useBookPanel.getState().pick(p, 2, 2)).toBe(true);
    expect(useBookPanel.getState().paragraph).toBe(p);
    expect(useDetail.getState().target).toMatchObject({ kind: 'word', token: { word: '寝る' }, sentence: '猫が寝る。' });
    const detail = b.streams.filter((s) => s.method === 'reader.wordDetail').at(-1)!;
    expect(detail.args[0]).toMatchObject({ word: '寝る', sentence: '猫が寝る。' });
    expect(detail.args[0]).not.toHaveProperty('documentId');
    useBookPanel.getState().close();
    expect(useDetail.getState().target).toBeNull();
  });

  it('translates a paragraph under it, hides it on a second press, and keeps the error to show', async () => {
    const first = useBookPanel.getState().translate(p);
    await settle();
    expect(useBookPanel.getState().translations[5]).toEqual({ status: 'loading' });
    expect(translations().at(-1)!.args[0]).toEqual({ text: '猫が寝る。' });
    translations().at(-1)!.finish({ ok: true, value: { text: 'A cat sleeps.', source: 'model' } });
    await first;
    expect(useBookPanel.getState().translations[5]).toEqual({ status: 'done', text: 'A cat sleeps.' });
    await useBookPanel.getState().translate(p);
    expect(useBookPanel.getState().translations[5]).toBeUndefined();

    const failing = useBookPanel.getState().translate(p);
    await settle();
    translations().at(-1)!.finish({ ok: false, error: { code: 'missing_key', message: 'No API key.' } });
    await failing;
    expect(useBookPanel.getState().translations[5]).toEqual({ status: 'error', error: { code: 'missing_key', message: 'No API key.' } });
  });
});
