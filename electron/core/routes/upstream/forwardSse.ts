import type http from 'node:http';
import { SEED_MESSAGES } from '../../../../shared/messages';
import { sseData, startSse } from '../../http/respond';

/**
 * Forwards an upstream SSE body byte for byte. If nothing arrives for `idleMs`
 * the client gets the seed's single idle-timeout event and the upstream request
 * is aborted; if the client goes away, the upstream request is aborted too.
 */
export async function forwardSse(
  res: http.ServerResponse,
  upstream: Response,
  opts: { idleMs: number; abortUpstream: () => void },
): Promise<void> {
  startSse(res);
  const body = upstream.body;
  if (!body) {
    res.end();
    return;
  }
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  let idle = false;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      if (!res.writableEnded) res.end(sseData({ error: { message: SEED_MESSAGES.streamIdle } }));
      opts.abortUpstream();
      void reader.cancel().catch(() => undefined);
    }, opts.idleMs);
  };
  const onClose = () => {
    if (!res.writableFinished) {
      opts.abortUpstream();
      void reader.cancel().catch(() => undefined);
    }
  };
  res.on('close', onClose);
  arm();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      arm();
      // Respect back-pressure from a slow client without buffering the whole stream.
      if (!res.write(value)) await new Promise<void>((r) => res.once('drain', r));
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
