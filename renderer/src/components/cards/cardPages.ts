/**
 * The card browser's rows, fetched a page at a time as the list scrolls: 20,000 cards never
 * cross the bridge at once. A new query or order starts a new generation; answers of an old
 * one are dropped. While an old query's answer is on its way, a newer one waits for it and
 * the queries typed in between are never sent: the first keystroke is asked at once, a burst
 * costs the server two queries, not one per key.
 */
import type { CardSort } from '../../../../shared/contract/cards';
import type { ReviewCard } from '../../../../shared/contract/review';
import { bridge } from '../../bridge';

export const PAGE_SIZE = 100;

export interface CardQuery {
  query: string;
  sort: CardSort;
  desc: boolean;
}

export class CardPages {
  private pages = new Map<number, ReviewCard[]>();
  private pending = new Set<number>();
  private generation = 0;
  total: number | null = null;

  constructor(private readonly changed: () => void) {}

  private q: CardQuery = { query: '', sort: 'created', desc: true };

  /** A new query: the rows start over from its first page. */
  reset(q: CardQuery): Promise<void> {
    this.q = q;
    this.generation++;
    this.pages.clear();
    this.pending.clear();
    return this.fetch(0);
  }

  /** The card at `index`, or undefined while its page is on the way (asked for here). */
  at(index: number): ReviewCard | undefined {
    const page = Math.floor(index / PAGE_SIZE);
    const rows = this.pages.get(page);
    if (!rows) void this.fetch(page);
    return rows?.[index % PAGE_SIZE];
  }

  /** A card changed or went: its page is fetched again. */
  refresh(): Promise<void> {
    const kept = [...this.pages.keys()];
    this.pages.clear();
    return Promise.all(kept.length ? kept.map((p) => this.fetch(p)) : [this.fetch(0)]).then(() => undefined);
  }

  /** The last call sent, the generation it was for, and whether it is answered. */
  private sent: { generation: number; call: Promise<unknown>; done: boolean } = { generation: 0, call: Promise.resolve(), done: true };

  private async fetch(page: number): Promise<void> {
    if (this.pending.has(page)) return;
    this.pending.add(page);
    const generation = this.generation;
    if (this.sent.generation !== generation && !this.sent.done) {
      await this.sent.call;
      if (generation !== this.generation) return; // a newer query came meanwhile: it is asked instead
    }
    const sent = { generation, call: bridge.call('cards.browse', { ...this.q, offset: page * PAGE_SIZE, limit: PAGE_SIZE }), done: false };
    this.sent = sent;
    const r = await sent.call;
    sent.done = true;
    if (generation !== this.generation) return;
    this.pending.delete(page);
    if (!r.ok) return;
    this.pages.set(page, r.value.cards);
    this.total = r.value.total;
    this.changed();
  }
}
