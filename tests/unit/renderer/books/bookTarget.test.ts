/** A click or a selection in a book paragraph as the word panel's target. */
import { describe, expect, it, vi } from 'vitest';
import type { Token } from '../../../../shared/domain';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();
setStubbedBridge(makeBridgeStub().bridge);
const { bookTarget } = await import('../../../../renderer/src/books/bookTarget');

const text = '吾輩は猫である。名前はまだ無い。';
const tokens: Token[] = [
  { word: '吾輩', pos: 'pronoun', furigana: 'わがはい' },
  { word: 'は', pos: 'particle', furigana: '' },
  { word: '猫', pos: 'noun', furigana: 'ねこ' },
  { word: 'で', pos: 'auxiliary', furigana: '' },
  { word: 'ある', pos: 'verb', furigana: '' },
  { word: '。', pos: 'punctuation', furigana: '' },
  { word: '名前', pos: 'noun', furigana: 'なまえ' },
  { word: 'は', pos: 'particle', furigana: '' },
  { word: 'まだ', pos: 'adverb', furigana: '' },
  { word: '無い', pos: 'adjective', furigana: 'ない' },
  { word: '。', pos: 'punctuation', furigana: '' },
];

describe('bookTarget', () => {
  it('a click is the word under it, with its sentence', () => {
    const t = bookTarget(text, tokens, 3, 3);
    expect(t).toMatchObject({ kind: 'word', index: 2, token: { word: '猫', start: 3, end: 4 }, sentence: '吾輩は猫である。', offset: 3 });
    // In the second sentence: the offset is into that sentence.
    expect(bookTarget(text, tokens, 9, 9)).toMatchObject({ kind: 'word', token: { word: '名前', start: 8 }, sentence: '名前はまだ無い。', offset: 0 });
  });

  it('a selection is the phrase of the words it touches, punctuation trimmed; one word alone is a word', () => {
    expect(bookTarget(text, tokens, 8, 14)).toMatchObject({ kind: 'phrase', phrase: '名前はまだ無い', first: 6, last: 9, sentence: '名前はまだ無い。' });
    expect(bookTarget(text, tokens, 7, 10)).toMatchObject({ kind: 'word', token: { word: '名前' } });
    expect(bookTarget(text, tokens, 3, 4)).toMatchObject({ kind: 'word', token: { word: '猫' } });
  });

  it('punctuation or a place past the text is no target', () => {
    expect(bookTarget(text, tokens, 7, 7)).toBeNull();
    expect(bookTarget(text, tokens, 99, 99)).toBeNull();
    expect(bookTarget(text, [], 0, 0)).toBeNull();
  });
});
