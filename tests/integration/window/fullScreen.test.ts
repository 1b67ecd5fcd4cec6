/** The window's full screen through the contract: the desktop app's own window only, never a browser-mode visitor. */
import { afterAll, describe, expect, it } from 'vitest';
import { callErr, callOk, over } from '../../support/dispatch';
import { makeTestCore } from '../../support/testCore';

const shell = { on: false, calls: [] as boolean[] };
const desktop = makeTestCore({}, {
  mode: 'electron',
  windowControl: {
    setFullScreen: (on) => {
      shell.calls.push(on);
      shell.on = on;
    },
    isFullScreen: () => shell.on,
  },
});
const browser = makeTestCore();
afterAll(() => {
  desktop.cleanupDir();
  browser.cleanupDir();
});

describe('window.setFullScreen', () => {
  it('puts the desktop window into full screen and back, and tells its state', async () => {
    expect(await callOk(desktop, 'window.state')).toEqual({ fullScreen: false });
    expect(await callOk(desktop, 'window.setFullScreen', true)).toEqual({ fullScreen: true });
    expect(await callOk(desktop, 'window.state')).toEqual({ fullScreen: true });
    expect(await callOk(desktop, 'window.setFullScreen', false)).toEqual({ fullScreen: false });
    expect(shell.calls).toEqual([true, false]);
  });

  it('is refused over HTTP and where there is no window (browser mode), and with a bad argument', async () => {
    expect((await callErr(over(desktop, 'http'), 'window.setFullScreen', true)).code).toBe('forbidden');
    expect((await callErr(browser, 'window.setFullScreen', true)).code).toBe('forbidden');
    expect((await callErr(browser, 'window.state')).code).toBe('forbidden');
    expect((await callErr(desktop, 'window.setFullScreen', 'yes')).code).toBe('bad_request');
    expect(shell.calls).toEqual([true, false]);
  });
});
