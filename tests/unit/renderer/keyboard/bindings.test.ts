/** The learner's bindings, computed once per settings object and shared by every component that names keys. */
import { describe, expect, it, vi } from 'vitest';
import { effectiveShortcuts, shortcutDef } from '../../../../shared/shortcuts';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();
setStubbedBridge(makeBridgeStub().bridge);
const { bindingsOf } = await import('../../../../renderer/src/keyboard/shortcuts');

describe('bindingsOf', () => {
  it('gives every action its keys with the learner’s changes, once for as long as the settings object stays', () => {
    const overrides = { 'popup.addCard': ['Ctrl+K'] };
    const bindings = bindingsOf(overrides);
    expect(bindings).toEqual(effectiveShortcuts(overrides));
    expect(bindings['popup.addCard']).toEqual(['Ctrl+K']);
    // The same settings: the same bindings, not computed again.
    expect(bindingsOf(overrides)).toBe(bindings);
  });

  it('follows a change of the settings (a new object)', () => {
    const first = bindingsOf({ 'popup.addCard': ['Ctrl+K'] });
    const next = bindingsOf({});
    expect(next).not.toBe(first);
    expect(next['popup.addCard']).toEqual(shortcutDef('popup.addCard').keys);
    expect(bindingsOf(undefined)['popup.addCard']).toEqual(shortcutDef('popup.addCard').keys);
  });
});
