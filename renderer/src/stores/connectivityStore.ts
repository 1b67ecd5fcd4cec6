import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/result';

interface ConnectivityState {
  /** navigator.onLine: the system says there is no network. */
  browserOnline: boolean;
  /** A call just failed for lack of network (the core, or the core's upstream, unreachable). */
  unreachable: boolean;
  noteFailure(error: AppErrorData): void;
  noteSuccess(): void;
}

/** Feeds the offline indicator: the browser's view plus what calls actually experience. */
export const useConnectivity = create<ConnectivityState>((set, get) => ({
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  unreachable: false,
  noteFailure(error) {
    if (error.code === 'offline' && !get().unreachable) set({ unreachable: true });
  },
  noteSuccess() {
    if (get().unreachable) set({ unreachable: false });
  },
}));

window.addEventListener('online', () => useConnectivity.setState({ browserOnline: true, unreachable: false }));
window.addEventListener('offline', () => useConnectivity.setState({ browserOnline: false }));

/** Every reading feature reports its model call outcomes here. */
export function noteOutcome(error: AppErrorData | undefined): void {
  if (error) useConnectivity.getState().noteFailure(error);
  else useConnectivity.getState().noteSuccess();
}
