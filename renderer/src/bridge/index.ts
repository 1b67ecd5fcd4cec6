import type { CallMeta } from '../../../shared/contract';
import type { PreloadApi } from '../../../shared/preloadApi';
import { createBridge, type Bridge } from './bridge';
import { httpTransport } from './httpTransport';
import { ipcTransport } from './ipcTransport';

declare global {
  interface Window {
    yomimono?: PreloadApi;
  }
}

let metaSource: () => CallMeta = () => ({});

/** Lets the settings store tell every call which locale the UI is in. */
export function setCallMeta(source: () => CallMeta): void {
  metaSource = source;
}

/** Electron when the preload is there, browser mode otherwise. */
export const bridge: Bridge = createBridge(window.yomimono ? ipcTransport(window.yomimono) : httpTransport(''), () => metaSource());

export type { Bridge, BridgeStream } from './bridge';
