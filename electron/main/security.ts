import { shell, type WebContents } from 'electron';

const EXTERNAL = /^https?:\/\//i;

/** Is `url` the page we loaded ourselves (same file or same dev-server origin)? */
export function isOwnUrl(url: string, appUrl: string): boolean {
  try {
    const u = new URL(url);
    const own = new URL(appUrl);
    if (own.protocol === 'file:') return u.protocol === 'file:' && u.pathname === own.pathname;
    return u.origin === own.origin;
  } catch {
    return false;
  }
}

/** No navigation away from the app, no new windows; web links open in the system browser. */
export function lockDownWebContents(contents: WebContents, appUrl: string): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (EXTERNAL.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isOwnUrl(url, appUrl)) return;
    event.preventDefault();
    if (EXTERNAL.test(url)) void shell.openExternal(url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_wc, permission, callback) => {
    // Clipboard reads back image paste; nothing else is needed.
    callback(permission === 'clipboard-sanitized-write' || permission === 'clipboard-read');
  });
}
