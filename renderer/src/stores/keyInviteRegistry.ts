import { create } from 'zustand';

/**
 * One key invitation per screen (#28): every place that could invite the learner to add a key
 * registers here while it is shown, and only the highest-ranked one offers the button; the others
 * say what their feature needs, quietly. The rank, not the mount order, decides, so the same
 * screen always shows its invitation in the same place whatever arrives first. The chat drawer comes
 * first because it lies over the page and is what the learner looks at; the header's "No API key"
 * last, only where nothing else invites.
 */
export const KEY_INVITE_RANKS = ['chat', 'welcome', 'analysis', 'translation', 'detail', 'image', 'meter'] as const;
export type KeyInviteOwner = (typeof KEY_INVITE_RANKS)[number];

export interface KeyInviteEntry {
  id: string;
  rank: number;
  seq: number;
}

interface KeyInviteState {
  entries: KeyInviteEntry[];
  register(id: string, owner: KeyInviteOwner): () => void;
}

let seq = 0;

export const useKeyInvites = create<KeyInviteState>((set) => ({
  entries: [],
  register(id, owner) {
    const entry = { id, rank: KEY_INVITE_RANKS.indexOf(owner), seq: seq++ };
    set((s) => ({ entries: [...s.entries.filter((e) => e.id !== id), entry] }));
    return () => set((s) => ({ entries: s.entries.filter((e) => e.id !== id) }));
  },
}));

const before = (a: Pick<KeyInviteEntry, 'rank' | 'seq'>, b: Pick<KeyInviteEntry, 'rank' | 'seq'>) => a.rank < b.rank || (a.rank === b.rank && a.seq < b.seq);

/** Whether the place `id` (of `owner`) holds the screen's invitation: the best rank wins, then the earliest; not yet registered counts as last of its rank. */
export function holdsInvite(entries: readonly KeyInviteEntry[], id: string, owner: KeyInviteOwner): boolean {
  const me = entries.find((e) => e.id === id) ?? { rank: KEY_INVITE_RANKS.indexOf(owner), seq: Number.POSITIVE_INFINITY };
  return entries.every((e) => e.id === id || !before(e, me));
}
