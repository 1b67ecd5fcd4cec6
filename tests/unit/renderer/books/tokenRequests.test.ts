/** The reader's token requests: a few in flight (the browser's connections stay free for books.open and the rest), the newest ask first. */
import { describe, expect, it } from 'vitest';
import { tokenRequests } from '../../../../renderer/src/books/tokenRequests';

/** A send whose requests the test answers one by one. */
function pendingSends() {
  const sent: Array<{ ids: number[]; answer(ok?: boolean): Promise<void> }> = [];
  const send = (ids: number[]) =>
    new Promise<boolean>((resolve) => {
      sent.push({
        ids,
        async answer(ok = true) {
          resolve(ok);
          // The queue sends the next one once this answer has settled.
          for (let i = 0; i < 5; i++) await Promise.resolve();
        },
      });
    });
  return { sent, send, ids: () => sent.map((s) => s.ids) };
}

describe('token requests', () => {
  it('keeps at most two requests in flight; the others wait for one to end', async () => {
    const s = pendingSends();
    const q = tokenRequests(s.send, { maxInFlight: 2 });
    q.ask([1, 2], [3], [4]);
    expect(s.ids()).toEqual([[1, 2], [3]]);
    await s.sent[0]!.answer();
    expect(s.ids()).toEqual([[1, 2], [3], [4]]);
  });

  it('sends the newest ask before what an earlier one left waiting, each id once', async () => {
    const s = pendingSends();
    const q = tokenRequests(s.send, { maxInFlight: 1 });
    q.ask([1]);
    // An earlier page: its view and the paragraphs ahead, waiting behind the request in flight.
    q.ask([2, 3], [10, 11, 12]);
    // The next page: its view holds 11, which the earlier ask had put ahead.
    q.ask([11, 13], [14]);
    await s.sent[0]!.answer();
    await s.sent[1]!.answer();
    await s.sent[2]!.answer();
    await s.sent[3]!.answer();
    expect(s.ids()).toEqual([[1], [11, 13], [14], [2, 3], [10, 12]]);
    // Sent already: not asked again.
    q.ask([1, 11, 14]);
    expect(s.sent).toHaveLength(5);
  });

  it('splits a long group into requests of `batch` ids', () => {
    const s = pendingSends();
    tokenRequests(s.send, { maxInFlight: 3, batch: 2 }).ask([1, 2, 3, 4, 5]);
    expect(s.ids()).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('asks again for the ids of a request that failed', async () => {
    const s = pendingSends();
    const q = tokenRequests(s.send, { maxInFlight: 1 });
    q.ask([1, 2]);
    await s.sent[0]!.answer(false);
    q.ask([2]);
    expect(s.ids()).toEqual([[1, 2], [2]]);
  });

  it('forgets what waits on reset (the book closed); the requests in flight still count', async () => {
    const s = pendingSends();
    const q = tokenRequests(s.send, { maxInFlight: 1 });
    q.ask([1], [2]);
    q.reset();
    q.ask([7]);
    expect(s.ids()).toEqual([[1]]);
    await s.sent[0]!.answer();
    expect(s.ids()).toEqual([[1], [7]]);
    // Ids of the old generation can be asked again.
    q.ask([1]);
    await s.sent[1]!.answer();
    expect(s.ids()).toEqual([[1], [7], [1]]);
  });
});
