import { AppError } from '../../../shared/result';
import { TTS_MESSAGES } from './messages';

/**
 * One abort signal for a whole synthesis call that fires on the caller's signal or after
 * `timeoutMs`, and remembers which of the two it was so the error can say so.
 */
export interface Deadline {
  signal: AbortSignal;
  /** The error for why `signal` fired, or null while it has not. */
  error(): AppError | null;
  dispose(): void;
}

export function timeoutError(): AppError {
  return new AppError({ code: 'timeout', message: TTS_MESSAGES.timeout, status: 504 });
}

export function cancelledError(): AppError {
  return new AppError({ code: 'cancelled', message: TTS_MESSAGES.cancelled });
}

export function startDeadline(outer: AbortSignal | undefined, timeoutMs: number): Deadline {
  const controller = new AbortController();
  let cause: 'timeout' | 'cancelled' | null = null;
  const fire = (why: 'timeout' | 'cancelled'): void => {
    if (cause !== null) return;
    cause = why;
    controller.abort(why === 'timeout' ? timeoutError() : cancelledError());
  };
  const onAbort = (): void => fire('cancelled');
  if (outer?.aborted) fire('cancelled');
  else outer?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => fire('timeout'), timeoutMs);
  timer.unref?.();
  return {
    signal: controller.signal,
    error: () => (cause === 'timeout' ? timeoutError() : cause === 'cancelled' ? cancelledError() : null),
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}
