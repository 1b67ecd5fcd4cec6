/**
 * The library's coverage figures: a library of many books opened at once asks the core for one
 * book at a time (a book never measured is tokenized whole), each once, and all in the end.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Coverage } from '../../../../shared/contract/coverage';
import type { Result } from '../../../../shared/result';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useCoverage } = await import('../../../../renderer/src/stores/coverageStore');

const figures = (percent: number): Coverage => ({ tokens: 10, known: percent / 10, percent, uniqueUnknown: 1, unknown: [], toReach95: [], iPlusOne: [] });

describe('library coverage figures', () => {
  it('thirty cards shown at once: one book asked at a time, each once, all answered in the end', async () => {
    let inFlight = 0;
    let most = 0;
    const release: Array<() => void> = [];
    b.answers.set('coverage.book', ((bookId: number) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      return new Promise<Result<Coverage>>((resolve) =>
        release.push(() => {
          inFlight -= 1;
          resolve({ ok: true, value: figures(bookId) });
        }),
      );
    }) as never);
    const ids = Array.from({ length: 30 }, (_, i) => i + 1);
    for (const id of ids) useCoverage.getState().wantBook(id);
    // Wanted again by a card shown twice: still asked once.
    useCoverage.getState().wantBook(1);
    await settle();
    expect(b.calls.filter((c) => c.method === 'coverage.book')).toHaveLength(1);
    expect(Object.values(useCoverage.getState().books).every((e) => e.status === 'loading')).toBe(true);
    while (release.length) {
      release.shift()!();
      await settle(1);
    }
    expect(most).toBe(1);
    expect(b.calls.filter((c) => c.method === 'coverage.book').map((c) => c.args[0])).toEqual(ids);
    expect(useCoverage.getState().books[30]).toMatchObject({ status: 'done', coverage: { percent: 30 } });
  });
});
