import { create } from 'zustand';
import type { CreditsRefreshReason, CreditsState, GatewayKeyRecord, KeyUpdate } from '../../../shared/credits';
import type { AppErrorData, Result } from '../../../shared/result';
import { bridge } from '../bridge';

interface CreditsStore {
  /** The meter as the core last reported it; null until the first answer. */
  state: CreditsState | null;
  /** Local clock when `state` arrived: ages and countdowns run on from there. */
  receivedAt: number;
  /** The call itself failed (the core unreachable in browser mode); the meter keeps its last state. */
  callError: AppErrorData | null;
  refreshing: boolean;
  /** The record the last key edit returned, stamped with the core time it arrived (newer than a stale poll). */
  lastRecord: { record: GatewayKeyRecord; at: number } | null;
  load(): Promise<void>;
  refresh(reason: CreditsRefreshReason): Promise<void>;
  updateKey(hash: string, patch: KeyUpdate): Promise<Result<GatewayKeyRecord>>;
}

export const useCredits = create<CreditsStore>((set, get) => {
  return {
    state: null,
    receivedAt: 0,
    callError: null,
    refreshing: false,
    lastRecord: null,
    async load() {
      const r = await bridge.call('gateway.getKey');
      if (r.ok) acceptState(r.value);
      else set({ callError: r.error });
    },
    async refresh(reason) {
      set({ refreshing: true });
      const r = await bridge.call('gateway.refresh', reason);
      set({ refreshing: false });
      if (r.ok) acceptState(r.value);
      else set({ callError: r.error });
    },
    async updateKey(hash, patch) {
      const r = await bridge.call('gateway.updateKey', hash, patch);
      if (r.ok) {
        const { state, receivedAt } = get();
        set({ lastRecord: { record: r.value, at: state ? coreNow(state, receivedAt, Date.now()) : Date.now() } });
        // The core refreshed the meter after the change; fetch it in case the push was missed.
        void get().load();
      }
      return r;
    },
  };
});

/** Pushes and call results can cross: a state made earlier on the core never replaces a later one. */
function acceptState(s: CreditsState): void {
  const current = useCredits.getState().state;
  if (current && s.now < current.now) return;
  useCredits.setState({ state: s, receivedAt: Date.now(), callError: null });
}

bridge.on('credits.updated', acceptState);

/** Core time now, corrected for the skew between core and this device (browser mode on a tablet). */
export function coreNow(state: CreditsState, receivedAt: number, localNow: number): number {
  return state.now + (localNow - receivedAt);
}

/**
 * Starts the meter for this window: the first poll, and in browser mode a poll
 * whenever the tab regains focus (Electron's main process watches the window itself).
 */
export function startCredits(): () => void {
  void useCredits.getState().load();
  if (bridge.kind !== 'http') return () => {};
  const onFocus = () => void useCredits.getState().refresh('focus');
  window.addEventListener('focus', onFocus);
  return () => window.removeEventListener('focus', onFocus);
}
