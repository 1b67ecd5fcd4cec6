/** One key invitation per screen (#28): the best-ranked place holds it, whatever mounted first. */
import { beforeEach, describe, expect, it } from 'vitest';
import { holdsInvite, useKeyInvites } from '../../../../renderer/src/stores/keyInviteRegistry';

const holds = (id: string, owner: Parameters<typeof holdsInvite>[2]) => holdsInvite(useKeyInvites.getState().entries, id, owner);

describe('key invitation ranking', () => {
  beforeEach(() => useKeyInvites.setState({ entries: [] }));

  it('the analysis holds it over a translation and a word panel that mounted earlier', () => {
    const { register } = useKeyInvites.getState();
    register('d', 'detail');
    register('t', 'translation');
    register('a', 'analysis');
    expect([holds('a', 'analysis'), holds('t', 'translation'), holds('d', 'detail')]).toEqual([true, false, false]);
  });

  it('the header meter only where nothing else invites; the welcome over the page; the chat drawer over all', () => {
    const { register } = useKeyInvites.getState();
    register('m', 'meter');
    expect(holds('m', 'meter')).toBe(true);
    register('i', 'image');
    expect([holds('m', 'meter'), holds('i', 'image')]).toEqual([false, true]);
    register('w', 'welcome');
    expect([holds('i', 'image'), holds('w', 'welcome')]).toEqual([false, true]);
    const off = register('c', 'chat');
    expect([holds('w', 'welcome'), holds('c', 'chat')]).toEqual([false, true]);
    off();
    expect(holds('w', 'welcome')).toBe(true);
    expect(useKeyInvites.getState().entries.map((e) => e.id)).toEqual(['m', 'i', 'w']);
  });

  it('a place not yet registered does not take it from one that is; two of a kind: the first', () => {
    const { register } = useKeyInvites.getState();
    register('a1', 'analysis');
    expect(holds('a2', 'analysis')).toBe(false);
    expect(holds('t', 'translation')).toBe(false);
    register('a2', 'analysis');
    expect([holds('a1', 'analysis'), holds('a2', 'analysis')]).toEqual([true, false]);
  });
});
