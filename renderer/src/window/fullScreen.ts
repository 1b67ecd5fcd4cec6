import { bridge } from '../bridge';

/**
 * Full screen, F11: the desktop app asks main for its window's (the page cannot
 * make a BrowserWindow full screen); browser mode uses the page's Fullscreen API.
 */
export async function toggleFullScreen(): Promise<void> {
  if (bridge.kind === 'ipc') {
    const state = await bridge.call('window.state');
    if (state.ok) await bridge.call('window.setFullScreen', !state.value.fullScreen);
    return;
  }
  if (typeof document === 'undefined') return;
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch {
    // Refused by the browser (no user gesture, an embedding frame): the page stays as it is.
  }
}
