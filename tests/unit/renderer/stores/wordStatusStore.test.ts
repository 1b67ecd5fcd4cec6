/**
 * The word status store and the core's `words.changed` push: this window's own marks come back as
 * pushes once stored, and such an echo is a no-op (no timer, no state change: the mark is shown
 * already and its save told the views); a change made elsewhere is applied, once per burst.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../../shared/result';
import type * as WordStatusStore from '../../../../renderer/src/stores/wordStatusStore';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

type WordStatusModule = typeof WordStatusStore;
type Change = { term: string; reading: string; status: string };
const cat = { term: '猫', reading: 'ねこ' };
const dog = { term: '犬', reading: 'いぬ' };

const stub = makeBridgeStub();
const listeners = new Map<string, Array<(p: unknown) => void>>();
const bridge = {
  ...stub.bridge,
  on(event: string, listener: (p: unknown) => void) {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    return () => undefined;
  },
};
const push = (changed: Change[]) => listeners.get('words.changed')?.forEach((l) => l({ changed }));
const saves = () => stub.calls.filter((c) => c.method === 'words.setStatus');

let echoFirst = false;
let store: WordStatusModule;

beforeAll(async () => {
  setStubbedBridge(bridge);
  stub.answers.set('words.statusMap', (): Result<unknown> => ({ ok: true, value: { words: [] } }));
  // The core stores the marks and pushes them back, as createCore's words.changed does.
  stub.answers.set('words.setStatus', (items): Result<unknown> => {
    const changed = items as Change[];
    // The push comes before the answer or after it, whichever the transport delivers first.
    if (echoFirst) push(changed);
    else setTimeout(() => push(changed), 0);
    return { ok: true, value: { updated: changed.length, unchanged: 0, conflicts: [] } };
  });
  store = await import('../../../../renderer/src/stores/wordStatusStore');
  await store.useWordStatus.getState().load();
});

describe('wordStatusStore and words.changed', () => {
  it("this window's own mark pushed back changes nothing: saved told once, by the save", async () => {
    const s = store.useWordStatus;
    const before = s.getState();
    const seen: unknown[] = [];
    const unsubscribe = s.subscribe((state) => seen.push(state));
    expect(await s.getState().set([{ ...cat, status: 'learning' }])).toBeNull();
    await settle(40); // the echo and more than the push batch's wait
    unsubscribe();
    expect(saves()).toHaveLength(1);
    expect(store.paintedStatus('猫\tねこ')).toBe('learning');
    expect(s.getState().version).toBe(before.version + 1); // the mark, not the echo
    expect(s.getState().saved).toBe(before.saved + 1); // the save, not the echo as well
    expect(seen).toHaveLength(2);
  });

  it('the echo is a no-op too when it comes before the save is answered', async () => {
    const s = store.useWordStatus;
    const before = s.getState();
    echoFirst = true;
    try {
      expect(await s.getState().set([{ ...cat, status: 'known' }])).toBeNull();
    } finally {
      echoFirst = false;
    }
    await settle(40);
    expect(store.paintedStatus('猫\tねこ')).toBe('known');
    expect(s.getState().version).toBe(before.version + 1);
    expect(s.getState().saved).toBe(before.saved + 1);
  });

  it('a change made elsewhere is applied and tells the views, once for a burst', async () => {
    const s = store.useWordStatus;
    const before = s.getState();
    push([{ ...dog, status: 'known' }]);
    push([{ ...cat, status: 'new' }]);
    expect(store.paintedStatus('犬\tいぬ')).toBe('new'); // batched: applied a moment later
    await settle(40);
    expect(store.paintedStatus('犬\tいぬ')).toBe('known');
    expect(store.paintedStatus('猫\tねこ')).toBe('new');
    expect(s.getState().version).toBe(before.version + 1);
    expect(s.getState().saved).toBe(before.saved + 1);
  });

  it('a push about a word marked here and not stored yet does not undo the newer mark', async () => {
    const s = store.useWordStatus;
    const saving = s.getState().set([{ ...dog, status: 'new' }]);
    push([{ ...dog, status: 'learning' }]); // older than what is shown
    expect(await saving).toBeNull();
    await settle(40);
    expect(store.paintedStatus('犬\tいぬ')).toBe('new');
  });
});
