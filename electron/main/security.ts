import { shell, type WebContents } from 'electron';
import { isOwnUrl } from './ownUrl';

const EXTERNAL = /^https?:\/\//i;

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
