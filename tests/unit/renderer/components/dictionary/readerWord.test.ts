/** Where a reader word's characters after the first are (looked up ahead, so a hover inside the word is drawn at once). */
import { describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge } from '../../support/bridgeStub';

vi.mock('../../../../../renderer/src/bridge', async () => (await import('../../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();
setStubbedBridge(makeBridgeStub().bridge);

const { innerCharsOf } = await import('../../../../../renderer/src/components/dictionary/readerWord');

describe("a reader word's characters after its first", () => {
  it('are every later character of its only text, in order', () => {
    expect(innerCharsOf(['食べた'])).toEqual([
      { index: 0, offset: 1 },
      { index: 0, offset: 2 },
    ]);
  });

  it('go on across texts (a kanji with its furigana skipped), empty texts skipped', () => {
    expect(innerCharsOf(['食', 'べた'])).toEqual([
      { index: 1, offset: 0 },
      { index: 1, offset: 1 },
    ]);
    expect(innerCharsOf(['', '東', '京', '大学'])).toEqual([
      { index: 2, offset: 0 },
      { index: 3, offset: 0 },
      { index: 3, offset: 1 },
    ]);
  });

  it('do not exist in a one-character word', () => {
    expect(innerCharsOf(['は'])).toEqual([]);
    expect(innerCharsOf(['', 'は'])).toEqual([]);
    expect(innerCharsOf([])).toEqual([]);
  });
});
