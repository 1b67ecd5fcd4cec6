import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge } from '../../support/bridgeStub';

vi.mock('../../../../../renderer/src/bridge', async () => (await import('../../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();
setStubbedBridge(makeBridgeStub().bridge);
await import('../../../../../renderer/src/i18n');
const { KanjiText } = await import('../../../../../renderer/src/components/dictionary/KanjiText');

const html = (text: string) => renderToStaticMarkup(createElement(KanjiText, { text }));
/** The text's parts: a kanji button's character in brackets, text between them as it is. */
const parts = (markup: string) => markup.replace(/<button[^>]*>([^<]*)<\/button>/g, '[$1]');

describe('KanjiText', () => {
  it('makes each kanji a button of its own, the kana between them plain text', () => {
    expect(parts(html('取り扱い'))).toBe('[取]り[扱]い');
    expect(parts(html('食べる'))).toBe('[食]べる');
    // Kanji side by side stay one button each (each opens its own card).
    expect(parts(html('日本語'))).toBe('[日][本][語]');
    // No element for the kana: a popup draws three headwords.
    expect(html('取り扱い')).not.toMatch(/<span/);
    expect(html('取り扱い').match(/<button/g)).toHaveLength(2);
  });

  it('has no button for a word of kana alone', () => {
    expect(html('ありがとう')).toBe('ありがとう');
  });
});
