/** Where a reader word's second character is (looked up ahead, so a hover inside the word is drawn at once). */
import { describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge } from '../../support/bridgeStub';

vi.mock('../../../../../renderer/src/bridge', async () => (await import('../../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();
setStubbedBridge(makeBridgeStub().bridge);

const { secondCharOf } = await import('../../../../../renderer/src/components/dictionary/readerWord');

describe("a reader word's second character", () => {
  it('is the second character of its only text', () => {
    expect(secondCharOf(['食べた'])).toEqual({ index: 0, offset: 1 });
  });

  it('is in the next text when the first holds one character (a kanji with its furigana skipped)', () => {
    expect(secondCharOf(['食', 'べた'])).toEqual({ index: 1, offset: 0 });
    expect(secondCharOf(['', '東', '京'])).toEqual({ index: 2, offset: 0 });
  });

  it('does not exist in a one-character word', () => {
    expect(secondCharOf(['は'])).toBeNull();
    expect(secondCharOf([])).toBeNull();
  });
});
