import { describe, expect, it } from 'vitest';
import { orderedPool } from '../../../electron/core/reader/orderedPool';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function collect<E>(gen: AsyncGenerator<E>): Promise<E[]> {
  const out: E[] = [];
  for await (const e of gen) out.push(e);
  return out;
}

describe('orderedPool', () => {
  it('yields in item order even when later items finish first, with at most `limit` running', async () => {
    let running = 0;
    let most = 0;
    const delays = [60, 10, 30, 5, 20, 1];
    const events = await collect(
      orderedPool(delays, 3, async (ms, i, emit) => {
        running++;
        most = Math.max(most, running);
        emit(`${i}:start`);
        await sleep(ms);
        emit(`${i}:end`);
        running--;
      }),
    );
    expect(events).toEqual(delays.flatMap((_, i) => [`${i}:start`, `${i}:end`]));
    expect(most).toBe(3);
  });

  it("streams the first unfinished item's events as they come", async () => {
    const seen: string[] = [];
    const gen = orderedPool([0], 1, async (_, __, emit) => {
      emit('a');
      await sleep(30);
      seen.push('late');
      emit('b');
    });
    expect((await gen.next()).value).toBe('a');
    expect(seen).toEqual([]); // 'a' arrived before the item finished
    expect((await gen.next()).value).toBe('b');
    expect((await gen.next()).done).toBe(true);
  });

  it('throws the first failure and tells the other workers to stop', async () => {
    const aborted: number[] = [];
    const gen = orderedPool([0, 1, 2], 3, async (i, _, emit, signal) => {
      if (i === 1) {
        await sleep(5);
        throw new Error('piece 1 failed');
      }
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      aborted.push(i);
      emit(i);
    });
    await expect(collect(gen)).rejects.toThrow('piece 1 failed');
    await sleep(0);
    expect(aborted.sort()).toEqual([0, 2]);
  });

  it('a consumer that stops early aborts the workers and starts no more', async () => {
    const started: number[] = [];
    const gen = orderedPool([0, 1, 2, 3, 4], 2, async (i, _, emit, signal) => {
      started.push(i);
      emit(i);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    for await (const e of gen) if (e === 0) break;
    await sleep(0);
    expect(started).toEqual([0, 1]);
  });
});
