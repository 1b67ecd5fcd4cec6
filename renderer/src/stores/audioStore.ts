import { create } from 'zustand';
import type { AppErrorData, Result } from '../../../shared/result';
import { bridge } from '../bridge';
import { speechChunks } from '../reader/sentences';
import { noteOutcome } from './connectivityStore';
import { streamRunner, type Run } from './runStream';

/** What is being read aloud, so the matching button shows "stop". */
export type AudioWhat = 'all' | 'sentence' | 'word' | 'selection' | 'daily' | 'sample';

interface AudioState {
  what: AudioWhat | null;
  status: 'idle' | 'loading' | 'playing';
  /** The last piece came from the audio cache (plays offline). */
  cached: boolean;
  error: AudioError | null;
  /** Which control's reading failed: the error shows beside that control only. */
  errorWhat: AudioWhat | null;
  /** The learner moved on (another page, another text): the old failure is no longer about what they see. */
  clearError(): void;
  /** `via` fetches each piece's audio instead of `tts.speak` (review: cached audio under any voice). */
  play(text: string, what: AudioWhat, via?: AudioSource): void;
  stop(): void;
  attach(el: HTMLAudioElement | null): void;
}

export type AudioError = AppErrorData | { code: 'playback'; message: string };

export type AudioSource = (text: string) => Promise<Result<{ audio: string; mimeType: string; cached: boolean }>>;

let element: HTMLAudioElement | null = null;
/** Each play is a run; its pieces come from calls, not a bridge stream, so only the replacing of an older run applies. */
const runs = streamRunner();

function clearElement() {
  if (!element) return;
  element.pause();
  element.removeAttribute('src');
  element.load();
}

/**
 * Reading aloud through `tts.speak`: the text goes in pieces of at most 1,000
 * characters (a chapter plays piece after piece, the next fetched while one plays).
 */
export const useAudio = create<AudioState>((set, get) => {
  const ttsSpeak: AudioSource = (text) => bridge.call('tts.speak', { text });

  async function playPieces(run: Run & { what: AudioWhat }, pieces: string[], speak: AudioSource) {
    let next = speak(pieces[0]!);
    for (let i = 0; i < pieces.length; i++) {
      const r = await next;
      if (!run.current) return;
      if (!r.ok) {
        noteOutcome(r.error);
        set({ status: 'idle', what: null, error: r.error, errorWhat: run.what });
        return;
      }
      noteOutcome(undefined);
      if (i + 1 < pieces.length) next = speak(pieces[i + 1]!);
      if (!element) return set({ status: 'idle', what: null });
      const el = element;
      el.src = `data:${r.value.mimeType};base64,${r.value.audio}`;
      set({ cached: r.value.cached });
      const ended = new Promise<boolean>((resolve) => {
        el.onended = () => resolve(true);
        el.onerror = () => resolve(false);
      });
      try {
        await el.play();
        if (!run.current) return;
        set({ status: 'playing' });
      } catch (e) {
        if (!run.current) return;
        set({ status: 'idle', what: null, error: { code: 'playback', message: e instanceof Error ? e.message : String(e) }, errorWhat: run.what });
        return;
      }
      const ok = await ended;
      if (!run.current) return;
      if (!ok) {
        set({ status: 'idle', what: null, error: { code: 'playback', message: el.error?.message || 'media error' }, errorWhat: run.what });
        return;
      }
    }
    set({ status: 'idle', what: null });
  }

  return {
    what: null,
    status: 'idle',
    cached: false,
    error: null,
    errorWhat: null,
    clearError() {
      if (get().error) set({ error: null, errorWhat: null });
    },
    play(text, what, via = ttsSpeak) {
      const pieces = speechChunks(text);
      if (pieces.length === 0) return;
      get().stop();
      const run = runs.begin();
      set({ what, status: 'loading', error: null, errorWhat: null });
      void playPieces(Object.assign(run, { what }), pieces, via);
    },
    stop() {
      runs.abort();
      clearElement();
      if (get().status !== 'idle' || get().what) set({ status: 'idle', what: null });
    },
    attach(el) {
      element = el;
    },
  };
});
