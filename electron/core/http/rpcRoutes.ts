import type http from 'node:http';
import type { StreamEvent } from '../../../shared/contract';
import { BOOK_MAX_BASE64 } from '../../../shared/contract/books';
import type { Dispatcher } from '../rpc/dispatcher';
import { httpStatusOf } from '../rpc/errorStatus';
import type { PushBus } from '../rpc/pushBus';
import { MiB, readJson } from './body';
import { sendJson, sseData, startSse } from './respond';

const RPC_BODY_LIMIT = 16 * MiB;
/**
 * Methods that take whole files get a larger body: the file as base64 (4/3 of its size)
 * plus a little JSON; their schemas cap the field itself. Everything else keeps RPC_BODY_LIMIT.
 */
const RPC_BODY_LIMITS: Readonly<Record<string, number>> = {
  'books.import': BOOK_MAX_BASE64 + MiB,
  'dictionary.import': 90 * MiB, // 64 MiB file
};
const bodyLimitOf = (method: string) => (Object.hasOwn(RPC_BODY_LIMITS, method) ? RPC_BODY_LIMITS[method]! : RPC_BODY_LIMIT);
const HEARTBEAT_MS = 25_000;

function metaFrom(req: http.IncomingMessage): { locale?: string } {
  const locale = req.headers['x-app-locale'];
  return typeof locale === 'string' ? { locale } : {};
}

/**
 * Browser mode's transport for the contract: `POST /rpc/<method>` with a JSON
 * array of arguments; streams answer as SSE; `GET /rpc/events` carries pushes.
 */
export async function handleRpc(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pathname: string,
  deps: { dispatcher: Dispatcher; bus: PushBus },
): Promise<void> {
  const name = pathname.slice('/rpc/'.length);
  if (name === 'events') {
    if (req.method !== 'GET') return sendJson(res, 405, { error: { code: 'bad_request', message: 'use GET' } });
    return servePushes(req, res, deps.bus);
  }
  if (req.method !== 'POST') return sendJson(res, 405, { error: { code: 'bad_request', message: 'use POST' } });

  const args = await readJson(req, bodyLimitOf(name), 'array');
  const meta = metaFrom(req);
  const aborter = new AbortController();
  // 'close' on the response fires when the client goes away before we finished.
  res.on('close', () => {
    if (!res.writableFinished) aborter.abort();
  });

  if (!deps.dispatcher.isStream(name)) {
    const result = await deps.dispatcher.call(name, args, { transport: 'http', meta, signal: aborter.signal });
    if (result.ok) return sendJson(res, 200, result.value === undefined ? null : result.value);
    return sendJson(res, httpStatusOf(result.error), { error: result.error });
  }

  let started = false;
  const sink = (ev: StreamEvent) => {
    if (res.destroyed) return;
    if (!started) {
      started = true;
      startSse(res);
    }
    if (ev.type === 'chunk') res.write(sseData(ev.chunk, 'chunk'));
    else {
      res.end(ev.type === 'done' ? sseData(ev.result ?? null, 'done') : sseData(ev.error, 'error'));
    }
  };
  const startedStream = deps.dispatcher.startStream(name, args, sink, { transport: 'http', meta, signal: aborter.signal });
  if (!startedStream.ok) return sendJson(res, httpStatusOf(startedStream.error), { error: startedStream.error });
  // Headers go out at once so the client knows the stream is accepted.
  started = true;
  startSse(res, { 'X-Stream-Id': startedStream.value.streamId });
}

function servePushes(req: http.IncomingMessage, res: http.ServerResponse, bus: PushBus): void {
  startSse(res);
  res.write(': connected\n\n');
  // Unnamed events carrying `{ event, payload }`, so the client needs no list of names.
  const unsubscribe = bus.subscribe((m) => res.write(sseData(m)));
  const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  beat.unref();
  req.on('close', () => {
    clearInterval(beat);
    unsubscribe();
  });
}
