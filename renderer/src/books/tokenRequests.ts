/**
 * The open book's requests for tokens (the offline analyzer's words and readings):
 * a few in flight at a time, the newest ask first.
 *
 * Why a few: in browser mode each request is an HTTP request, and Chromium keeps six
 * connections per host, one of them held by the push stream (/rpc/events). A token
 * request waits on the analyzer, which works one paragraph at a time, so a burst of
 * them (three per page turn) holds the other five for hundreds of milliseconds — and
 * books.open, a chapter's next part or a lookup waited that long in the browser
 * before it was even sent (the bench measured books.open stalled ~400 ms for a 5 ms
 * answer). More of them in flight makes no paragraph's analysis come sooner.
 *
 * Why newest first: the latest ask is where the learner is now; what an earlier page
 * asked for ahead waits behind it (an id asked again moves to the new ask).
 */
export interface TokenRequests {
  /** Asks for these groups of paragraph ids, in this order, before anything asked earlier and not yet sent; ids sent already are not asked again. */
  ask(...groups: number[][]): void;
  /** Forgets everything not yet sent and every id asked (another book, or the same one opened again); requests in flight run out. */
  reset(): void;
}

export interface TokenRequestOptions {
  /** Requests in flight at most. */
  maxInFlight?: number;
  /** Ids per request at most. */
  batch?: number;
}

/** `send` makes one request and resolves with whether it succeeded (ids of a failed one can be asked again). */
export function tokenRequests(send: (ids: number[]) => Promise<boolean>, opts: TokenRequestOptions = {}): TokenRequests {
  const maxInFlight = opts.maxInFlight ?? 2;
  const batch = opts.batch ?? 100;
  /** Ids sent (in flight or answered), for the current generation. */
  let sent = new Set<number>();
  /** Groups not sent yet, the next to send first. */
  let queue: number[][] = [];
  let inFlight = 0;

  const pump = () => {
    while (inFlight < maxInFlight && queue.length) {
      const ids = queue.shift()!;
      const mine = sent;
      for (const id of ids) mine.add(id);
      inFlight++;
      void send(ids)
        .catch(() => false)
        .then((ok) => {
          if (!ok) for (const id of ids) mine.delete(id);
        })
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };

  return {
    ask(...groups) {
      const fresh: number[][] = [];
      const now = new Set<number>();
      for (const g of groups) {
        const ids = g.filter((id) => !sent.has(id) && !now.has(id));
        for (const id of ids) now.add(id);
        for (let i = 0; i < ids.length; i += batch) fresh.push(ids.slice(i, i + batch));
      }
      if (!fresh.length) return;
      // An id waiting in an earlier ask goes with this one.
      const rest = queue.map((g) => g.filter((id) => !now.has(id))).filter((g) => g.length);
      queue = [...fresh, ...rest];
      pump();
    },
    reset() {
      sent = new Set();
      queue = [];
    },
  };
}
