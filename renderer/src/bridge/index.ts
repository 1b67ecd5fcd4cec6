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

let metaOverride: CallMeta | undefined;

/**
 * Starts a call with different meta (e.g. a translation in the UI language while
 * explanations use the explanation language). `start` must start its call
 * synchronously: the bridge reads the meta when the call starts.
 */
export function withCallMeta<T>(meta: CallMeta, start: () => T): T {
  metaOverride = meta;
  try {
    return start();
  } finally {
    metaOverride = undefined;
  }
}

/** Electron when the preload is there, browser mode otherwise. */
export const bridge: Bridge = createBridge(window.yomimono ? ipcTransport(window.yomimono) : httpTransport(''), () => metaOverride ?? metaSource());

export type { Bridge, BridgeStream } from './bridge';
