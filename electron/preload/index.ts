/**
 * The renderer's only door to the main process: a few named functions, never
 * ipcRenderer itself. Method names and arguments are validated again in main.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { PushMessage, StreamEvent } from '../../shared/contract';
import { IPC } from '../../shared/ipcChannels';
import type { PreloadApi } from '../../shared/preloadApi';

const api: PreloadApi = {
  call: (method: string, args: unknown[], meta?: unknown): Promise<unknown> => ipcRenderer.invoke(IPC.call, method, args, meta),
  startStream: (method: string, args: unknown[], meta?: unknown): Promise<unknown> =>
    ipcRenderer.invoke(IPC.streamStart, method, args, meta),
  cancelStream: (streamId: string): Promise<unknown> => ipcRenderer.invoke(IPC.streamCancel, streamId),
  onStreamEvent(listener: (event: StreamEvent) => void): () => void {
    const l = (_e: IpcRendererEvent, ev: StreamEvent) => listener(ev);
    ipcRenderer.on(IPC.stream, l);
    return () => ipcRenderer.removeListener(IPC.stream, l);
  },
  onPush(listener: (message: PushMessage) => void): () => void {
    const l = (_e: IpcRendererEvent, m: PushMessage) => listener(m);
    ipcRenderer.on(IPC.push, l);
    return () => ipcRenderer.removeListener(IPC.push, l);
  },
};

contextBridge.exposeInMainWorld('yomimono', api);
