/** The export's audio queue: cached audio first, at most two syntheses in flight, a failure costs one card its audio. */
import { describe, expect, it } from 'vitest';
import type { ReviewCard } from '../../../shared/contract/review';
import { AppError } from '../../../shared/result';
import { audioQueue, type CardAudioSource, type NoteAudio } from '../../../electron/core/export/noteAudio';

const card = (id: number): ReviewCard => ({ id, sentence: `文${id}` }) as ReviewCard;
const audio = (id: number): NoteAudio => ({ data: `a${id}`, filename: `f${id}.mp3` });
const tick = () => new Promise((r) => setTimeout(r, 5));

function source(fail: (id: number) => boolean, cachedIds: number[] = []) {
  const stats = { inFlight: 0, maxInFlight: 0, generated: [] as number[] };
  const s: CardAudioSource = {
    cached: (c) => (cachedIds.includes(c.id) ? audio(c.id) : undefined),
    generate: async (c) => {
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      stats.generated.push(c.id);
      await tick();
      stats.inFlight--;
      if (fail(c.id)) throw new AppError({ code: 'upstream_unavailable', message: 'down', status: 502 });
      return audio(c.id);
    },
  };
  return { s, stats };
}

describe('audioQueue', () => {
  it('uses the cache, synthesizes the rest two at a time, in card order', async () => {
    const cards = [1, 2, 3, 4, 5, 6].map(card);
    const { s, stats } = source(() => false, [3]);
    const q = audioQueue(cards, s, { concurrency: 2 });
    const got = [];
    for (let i = 0; i < cards.length; i++) got.push(await q.take(i));
    expect(got.map((a) => a?.data)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    expect(stats.generated).not.toContain(3);
    expect(stats.maxInFlight).toBe(2);
  });

  it('one failure costs that card its audio; three in a row stop asking the TTS', async () => {
    const cards = [1, 2, 3, 4, 5, 6, 7].map(card);
    const { s, stats } = source((id) => id !== 1);
    const q = audioQueue(cards, s, { concurrency: 1, giveUpAfter: 3 });
    const got = [];
    for (let i = 0; i < cards.length; i++) got.push(await q.take(i));
    expect(got.map((a) => a?.data)).toEqual(['a1', undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(stats.generated).toEqual([1, 2, 3, 4]);
  });

  it('a cancelled export throws instead of going on without audio', async () => {
    const controller = new AbortController();
    const s: CardAudioSource = {
      cached: () => undefined,
      generate: () => {
        controller.abort();
        return Promise.reject(new AppError({ code: 'cancelled', message: 'cancelled', status: 499 }));
      },
    };
    const q = audioQueue([card(1)], s, { signal: controller.signal });
    await expect(q.take(0)).rejects.toThrow('cancelled');
  });
});
