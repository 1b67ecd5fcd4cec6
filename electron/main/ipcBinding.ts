/**
 * Binds the contract to Electron IPC. It only needs `ipcMain`- and
 * `webContents`-shaped objects, so tests drive it in plain Node.
 */
import type { PushMessage, StreamEvent } from '../../shared/contract';
import { IPC } from '../../shared/ipcChannels';
import { err, type Result } from '../../shared/result';
import type { Dispatcher } from '../core/rpc/dispatcher';
import type { PushBus } from '../core/rpc/pushBus';

export interface WebContentsLike {
  readonly id: number;
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  once(event: 'destroyed', listener: () => void): unknown;
}

export interface FrameLike {
  readonly url: string;
}

export interface IpcEventLike {
  readonly sender: WebContentsLike;
  readonly senderFrame: FrameLike | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface IpcBindingDeps {
  ipcMain: IpcMainLike;
  dispatcher: Dispatcher;
  bus: PushBus;
  /** True only for our own window's main frame at our own URL. */
  isTrustedSender(event: IpcEventLike): boolean;
}

const untrusted = <T>(): Result<T> => err({ code: 'forbidden', message: 'IPC from an untrusted sender', status: 403 });

export function bindIpc(deps: IpcBindingDeps) {
  const { ipcMain, dispatcher, bus, isTrustedSender } = deps;
  const windows = new Map<number, WebContentsLike>();
  const owner = (wc: WebContentsLike) => `wc:${wc.id}`;

  ipcMain.handle(IPC.call, async (event, method, args, meta) => {
    if (!isTrustedSender(event)) return untrusted();
    return dispatcher.call(String(method), args, { transport: 'ipc', meta });
  });

  ipcMain.handle(IPC.streamStart, (event, method, args, meta) => {
    if (!isTrustedSender(event)) return untrusted();
    const wc = event.sender;
    const send = (ev: StreamEvent) => {
      if (!wc.isDestroyed()) wc.send(IPC.stream, ev);
    };
    return dispatcher.startStream(String(method), args, send, { transport: 'ipc', meta, owner: owner(wc) });
  });

  ipcMain.handle(IPC.streamCancel, (event, streamId) => {
    if (!isTrustedSender(event)) return untrusted();
    return { ok: true, value: typeof streamId === 'string' && dispatcher.cancelStream(streamId) };
  });

  const unsubscribe = bus.subscribe((m: PushMessage) => {
    for (const wc of windows.values()) if (!wc.isDestroyed()) wc.send(IPC.push, m);
  });

  return {
    /** Pushes go to this window; its streams are cancelled when it goes away. */
    attachWindow(wc: WebContentsLike): void {
      windows.set(wc.id, wc);
      wc.once('destroyed', () => {
        windows.delete(wc.id);
        dispatcher.cancelAll(owner(wc));
      });
    },
    unbind(): void {
      unsubscribe();
      for (const ch of [IPC.call, IPC.streamStart, IPC.streamCancel]) ipcMain.removeHandler(ch);
    },
  };
}
