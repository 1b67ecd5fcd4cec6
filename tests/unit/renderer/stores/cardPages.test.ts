/**
 * The card browser's pages: searches typed while an older one is still being answered are not
 * all sent — the first at once, then only the newest — and only the newest query's answer shows.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CardPage } from '../../../../shared/contract/cards';
import type { Result } from '../../../../shared/result';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge, settle } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { CardPages } = await import('../../../../renderer/src/components/cards/cardPages');

describe('card browser pages', () => {
  it('a burst of keystrokes asks for the first query and the last, and shows the last', async () => {
    const release: Array<() => void> = [];
    b.answers.set('cards.browse', ((q: { query: string }) =>
      new Promise<Result<CardPage>>((resolve) => release.push(() => resolve({ ok: true, value: { cards: [], total: q.query.length } })))) as never);
    let changed = 0;
    const pages = new CardPages(() => changed++);
    const asked = () => b.calls.filter((c) => c.method === 'cards.browse').map((c) => (c.args[0] as { query: string }).query);
    const typed = ['1', '12', '123', '1234'].map((query) => pages.reset({ query, sort: 'created', desc: true }));
    await settle();
    expect(asked()).toEqual(['1']);
    release.shift()!();
    await settle();
    expect(asked()).toEqual(['1', '1234']);
    release.shift()!();
    await Promise.all(typed);
    expect(pages.total).toBe(4);
    expect(changed).toBe(1); // the stale answer was never shown
  });
});
