/**
 * Which IPC senders may call the core: our own window's main frame, at our
 * own URL. Plain shapes (no `electron` import) so tests run the real check.
 */
import type { IpcEventLike } from './ipcBinding';
import { isOwnUrl } from './ownUrl';

export interface TrustedWindowLike {
  readonly webContents: { readonly id: number; readonly mainFrame: unknown };
}

export function isTrustedSender(event: IpcEventLike, window: TrustedWindowLike | undefined, appUrl: string): boolean {
  return (
    !!window &&
    event.sender.id === window.webContents.id &&
    event.senderFrame !== null &&
    event.senderFrame === window.webContents.mainFrame &&
    isOwnUrl(event.senderFrame.url, appUrl)
  );
}
