import type http from 'node:http';
import { SEED_MESSAGES } from '../../../../shared/messages';
import { sseData, startSse } from '../../http/respond';

/**
 * Forwards upstream SSE chunks byte for byte. If nothing arrives for `idleMs`
 * the client gets one idle-timeout event (SEED_MESSAGES.streamIdle) and the upstream request
 * is aborted (which ends `chunks`); if the client goes away, the upstream
 * request is aborted too.
 */
export async function forwardSse(
  res: http.ServerResponse,
  chunks: AsyncIterable<Uint8Array>,
  opts: { idleMs: number; abortUpstream: () => void },
): Promise<void> {
  startSse(res);
  let timer: NodeJS.Timeout | undefined;
  let idle = false;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      if (!res.writableEnded) res.end(sseData({ error: { message: SEED_MESSAGES.streamIdle } }));
      opts.abortUpstream();
    }, opts.idleMs);
  };
  const onClose = () => {
    if (!res.writableFinished) opts.abortUpstream();
  };
  res.on('close', onClose);
  arm();
  try {
    for await (const value of chunks) {
      if (idle || res.destroyed) break;
      arm();
      // Respect back-pressure from a slow client without buffering the whole stream.
      if (!res.write(value)) await drained(res);
    }
    if (!res.writableEnded) res.end();
  } catch (e) {
    if (idle || res.destroyed) return;
    // The upstream broke after the stream started: the status is already 200, so say it as an event.
    const message = e instanceof Error && e.message ? e.message : 'upstream stream interrupted';
    if (!res.writableEnded) res.end(sseData({ error: { message } }));
  } finally {
    clearTimeout(timer);
    res.off('close', onClose);
  }
}

/** Resolves when the client can take more, or has gone (then `close` already aborted the upstream). */
function drained(res: http.ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
