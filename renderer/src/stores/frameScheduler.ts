/**
 * Coalesces bursts of stream chunks into one state update per frame. A timer
 * backs up requestAnimationFrame, which does not run in hidden windows.
 */
export function frameScheduler(run: () => void): { schedule(): void; flushNow(): void; cancel(): void } {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    cancel();
    run();
  };
  const cancel = () => {
    if (frame) cancelAnimationFrame(frame);
    if (timer) clearTimeout(timer);
    frame = 0;
    timer = undefined;
  };
  return {
    schedule() {
      if (frame || timer) return;
      frame = requestAnimationFrame(fire);
      timer = setTimeout(fire, 100);
    },
    flushNow: fire,
    cancel,
  };
}
