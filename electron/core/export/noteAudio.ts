import type { ReviewCard } from '../../../shared/contract/review';
import { AppError } from '../../../shared/result';

export interface NoteAudio {
  /** Base64 audio bytes. */
  data: string;
  filename: string;
}

/** Where a card's audio comes from: the cache (no network), else speech synthesis. */
export interface CardAudioSource {
  cached(card: ReviewCard): NoteAudio | undefined;
  /** Synthesizes (and caches) the card's audio; throws when the TTS fails. */
  generate(card: ReviewCard, signal?: AbortSignal): Promise<NoteAudio>;
}

export interface AudioQueueOptions {
  /** Syntheses in flight at once, ahead of the notes being added. */
  concurrency?: number;
  /** After this many failures in a row the TTS is taken as down: the rest go without audio at once. */
  giveUpAfter?: number;
  signal?: AbortSignal;
}

export interface AudioQueue {
  /** The audio of `cards[index]`, or undefined when synthesis failed (or was given up). Call in order. */
  take(index: number): Promise<NoteAudio | undefined>;
}

const isCancel = (e: unknown, signal?: AbortSignal) => signal?.aborted === true || (e instanceof AppError && e.data.code === 'cancelled');

/**
 * Audio for each card in order: cached audio at once, missing audio synthesized with at most
 * `concurrency` requests in flight. One failed synthesis costs that card its audio, never the
 * export; a cancelled export throws.
 */
export function audioQueue(cards: readonly ReviewCard[], source: CardAudioSource, opts: AudioQueueOptions = {}): AudioQueue {
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  const giveUpAfter = opts.giveUpAfter ?? 3;
  const started: Array<Promise<NoteAudio | undefined>> = [];
  let failuresInRow = 0;

  const fetchOne = async (card: ReviewCard): Promise<NoteAudio | undefined> => {
    const hit = source.cached(card);
    if (hit) return hit;
    if (failuresInRow >= giveUpAfter) return undefined;
    try {
      const audio = await source.generate(card, opts.signal);
      failuresInRow = 0;
      return audio;
    } catch (e) {
      if (isCancel(e, opts.signal)) throw e;
      failuresInRow++;
      return undefined;
    }
  };
  const start = (i: number) => {
    if (i < cards.length && started[i] === undefined) {
      const p = fetchOne(cards[i]!);
      p.catch(() => undefined); // awaited by `take`; keeps an early rejection from going unhandled
      started[i] = p;
    }
  };

  return {
    async take(index) {
      // Keep `concurrency` cards' audio under way ahead of the note being added.
      for (let i = index; i < index + concurrency; i++) start(i);
      const audio = await started[index]!;
      delete started[index]; // the note has it: let the bytes go
      return audio;
    },
  };
}
