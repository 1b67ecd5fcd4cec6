/**
 * Marks saved a moment after they are shown: presses in that moment go in one request with each
 * word's latest status; a refused save puts back what the words showed before, except a word
 * marked again since (its newer mark stands and is sent in its own request).
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../shared/result';
import { wordKeyId, type WordKey, type WordStatus } from '../../../../shared/words';
import { statusSaver } from '../../../../renderer/src/knowledge/statusSaver';

type Item = WordKey & { status: WordStatus };
const cat = { term: '猫', reading: 'ねこ' };
const dog = { term: '犬', reading: 'いぬ' };
const tick = () => new Promise((r) => setTimeout(r, 0));

function harness(answers: Array<Result<unknown>>, timing: { quietMs?: number; withinMs?: number } = { quietMs: 0 }) {
  const shown = new Map<string, WordStatus>();
  const sent: Item[][] = [];
  const left: Item[][] = [];
  let saved = 0;
  const replies: Array<(r: Result<unknown>) => void> = [];
  const saver = statusSaver({
    save: (items) => {
      sent.push(items);
      const answer = answers.shift();
      return answer ? Promise.resolve(answer) : new Promise((r) => replies.push(r));
    },
    statusOf: (id) => shown.get(id) ?? 'new',
    restore: (items) => items.forEach((i) => shown.set(wordKeyId(i), i.status)),
    saved: () => saved++,
    send: (items) => left.push(items),
    ...timing,
  });
  /** What a key press does: shows the mark, then queues it. */
  const mark = (key: WordKey, status: WordStatus) => {
    const before = shown.get(wordKeyId(key)) ?? 'new';
    shown.set(wordKeyId(key), status);
    return saver.save([{ ...key, status }], [{ ...key, status: before }]);
  };
  return { saver, shown, sent, left, replies, mark, saved: () => saved };
}

describe('statusSaver', () => {
  it('sends the marks of one moment in one request, each word with its latest status', async () => {
    const h = harness([{ ok: true, value: null }]);
    const a = h.mark(cat, 'learning');
    const b = h.mark(cat, 'known');
    const c = h.mark(dog, 'ignored');
    expect(h.sent).toEqual([]); // nothing sent in the press's own task
    expect(h.saver.pending(wordKeyId(cat))).toBe(true);
    expect(await Promise.all([a, b, c])).toEqual([null, null, null]);
    expect(h.sent).toEqual([[{ ...cat, status: 'known' }, { ...dog, status: 'ignored' }]]);
    expect(h.saved()).toBe(1);
    expect(h.saver.pending(wordKeyId(cat))).toBe(false);
  });

  it('a refused save shows the words as they were before the batch, and says why', async () => {
    const h = harness([{ ok: false, error: { code: 'internal', message: 'disk full' } }]);
    h.shown.set(wordKeyId(cat), 'learning');
    const a = h.mark(cat, 'known');
    h.mark(cat, 'new');
    expect(await a).toMatchObject({ code: 'internal' });
    expect(h.shown.get(wordKeyId(cat))).toBe('learning');
    expect(h.saved()).toBe(0);
  });

  it('a word marked again while its save was under way keeps its newer mark when the older one is refused', async () => {
    const h = harness([]);
    const first = h.mark(cat, 'learning');
    await tick();
    expect(h.sent).toHaveLength(1);
    const second = h.mark(cat, 'known'); // queued while the first is in flight
    h.replies[0]!({ ok: false, error: { code: 'internal', message: 'refused' } });
    expect(await first).toMatchObject({ message: 'refused' });
    expect(h.shown.get(wordKeyId(cat))).toBe('known');
    await tick();
    h.replies[1]!({ ok: true, value: null });
    expect(await second).toBeNull();
    expect(h.sent.map((b) => b.map((i) => i.status))).toEqual([['learning'], ['known']]);
  });

  it('marks that keep coming wait for each other: one request once they stop, or once the oldest has waited long enough', async () => {
    const h = harness([{ ok: true, value: null }, { ok: true, value: null }, { ok: true, value: null }], { quietMs: 40, withinMs: 200 });
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    void h.mark(cat, 'learning');
    await wait(15);
    void h.mark(cat, 'known'); // the next press of a burst: its own idle moments have come and gone
    await wait(15);
    expect(h.sent).toEqual([]);
    await wait(80);
    expect(h.sent).toEqual([[{ ...cat, status: 'known' }]]);
    // Marks every few milliseconds without end still go within withinMs of the oldest.
    const t0 = Date.now();
    let n = 0;
    while (h.sent.length < 2 && Date.now() - t0 < 1000) {
      void h.mark(dog, n++ % 2 ? 'learning' : 'known');
      await wait(10);
    }
    expect(h.sent).toHaveLength(2);
    expect(Date.now() - t0).toBeLessThan(400);
  });

  it('a transport that throws counts as a refusal', async () => {
    const h = harness([]);
    const saver = statusSaver({ save: () => Promise.reject(new Error('gone')), statusOf: () => 'known', restore: (items) => items.forEach((i) => h.shown.set(wordKeyId(i), i.status)), saved: () => undefined, send: () => undefined });
    expect(await saver.save([{ ...cat, status: 'known' }], [{ ...cat, status: 'new' }])).toMatchObject({ code: 'internal', message: 'gone' });
    expect(h.shown.get(wordKeyId(cat))).toBe('new');
  });

  it('marks not yet sent when the page goes away leave by the unload-proof send, not an ordinary request', () => {
    const h = harness([]);
    void h.mark(cat, 'known');
    void h.mark(dog, 'learning');
    h.saver.leave();
    expect(h.left).toEqual([[{ ...cat, status: 'known' }, { ...dog, status: 'learning' }]]);
    expect(h.sent).toEqual([]);
    h.saver.leave(); // nothing left to send
    expect(h.left).toHaveLength(1);
  });
});
