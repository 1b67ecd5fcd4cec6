import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../../shared/settings';
import type { Result } from '../../../../shared/result';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();
// The UI language follows the saved settings: setUiLocale touches the page's lang attribute.
Object.assign(globalThis, { document: { documentElement: {} } });

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useSettings } = await import('../../../../renderer/src/stores/settingsStore');

describe('settings changed twice in a row', () => {
  it("the core's answer to the first choice does not undo the second on screen", async () => {
    // The core holds each patch as it comes; the first answer is slow and carries the state before the second patch.
    let held: Settings = { ...DEFAULT_SETTINGS };
    const releases: Array<() => void> = [];
    b.answers.set('settings.set', ((patch: Partial<Settings>) => {
      held = { ...held, ...patch };
      const snapshot = held;
      return new Promise<Result<Settings>>((resolve) => releases.push(() => resolve({ ok: true, value: snapshot })));
    }) as unknown as (...args: unknown[]) => Result<unknown>);

    const first = useSettings.getState().update({ audioCacheMb: 800 });
    const second = useSettings.getState().update({ streaming: !DEFAULT_SETTINGS.streaming });
    expect(useSettings.getState().settings.streaming).toBe(!DEFAULT_SETTINGS.streaming);
    releases[0]!(); // the first answer: audioCacheMb 800, streaming as it was
    await first;
    await settle();
    expect(useSettings.getState().settings.streaming).toBe(!DEFAULT_SETTINGS.streaming);
    expect(useSettings.getState().settings.audioCacheMb).toBe(800);
    releases[1]!();
    await second;
    expect(useSettings.getState().settings).toMatchObject({ audioCacheMb: 800, streaming: !DEFAULT_SETTINGS.streaming });
  });
});
