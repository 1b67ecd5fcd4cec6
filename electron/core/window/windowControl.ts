/**
 * The desktop window, as far as the renderer may steer it: full screen (F11 in
 * the book reader). Only the Electron shell has a window, so `electron/main`
 * injects this into the core; browser mode has none (the page uses the
 * browser's own Fullscreen API).
 */
export interface WindowControl {
  setFullScreen(on: boolean): void;
  isFullScreen(): boolean;
}
