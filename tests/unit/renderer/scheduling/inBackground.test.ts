/**
 * The reader's after-turn work: a background-priority task (after the frame and whatever waits), never an idle
 * callback (Chromium gives none for up to its timeout after a page turn); cancelled, it never runs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inBackground } from '../../../../renderer/src/scheduling/inBackground';

type Posted = { run: () => void; priority: string; signal?: AbortSignal };

function fakeScheduler(): Posted[] {
  const posted: Posted[] = [];
  vi.stubGlobal('scheduler', {
    postTask: (run: () => void, options: { priority: string; signal?: AbortSignal }) => {
      posted.push({ run, ...options });
      return new Promise(() => undefined);
    },
  });
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('inBackground', () => {
  it('posts a background-priority task, and its cancel aborts it', () => {
    const posted = fakeScheduler();
    const run = vi.fn();
    const cancel = inBackground(run);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.priority).toBe('background');
    expect(run).not.toHaveBeenCalled();
    posted[0]!.run();
    expect(run).toHaveBeenCalledOnce();
    inBackground(() => undefined);
    cancel();
    expect(posted[0]!.signal?.aborted).toBe(true);
    expect(posted[1]!.signal?.aborted).toBe(false);
  });

  it('without the scheduler API, a task after this one (not an idle callback); cancelled, it never runs', () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    const ran: string[] = [];
    inBackground(() => ran.push('a'));
    const cancel = inBackground(() => ran.push('b'));
    cancel();
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['a']);
  });
});
