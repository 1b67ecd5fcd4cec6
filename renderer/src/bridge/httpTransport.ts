import { createParser } from 'eventsource-parser';
import type { PushMessage, StreamEvent } from '../../../shared/contract';
import type { AppErrorData, Result } from '../../../shared/result';
import type { Transport } from './transport';

export const offline = (e: unknown): AppErrorData => ({
  code: 'offline',
  message: e instanceof Error ? e.message : 'network error',
});

export async function errorFrom(res: Response): Promise<AppErrorData> {
  try {
    const body = (await res.json()) as { error?: Partial<AppErrorData> };
    if (body.error && typeof body.error.message === 'string') {
      return { code: body.error.code ?? 'internal', ...body.error, status: res.status } as AppErrorData;
    }
  } catch {
    // fall through to a generic error
  }
  return { code: 'internal', message: `HTTP ${res.status}`, status: res.status };
}

function headers(meta: unknown): Record<string, string> {
  const h: Record<string, string> = { 'Content-Type': 'application/json' };
  const locale = (meta as { locale?: unknown } | undefined)?.locale;
  if (typeof locale === 'string') h['X-App-Locale'] = locale;
  return h;
}

/** Browser-mode transport: `POST /rpc/<method>`, SSE for streams and `GET /rpc/events` for pushes. */
export function httpTransport(base = ''): Transport {
  return {
    kind: 'http',
    async call(method, args, meta, options) {
      let res: Response;
      try {
        res = await fetch(`${base}/rpc/${method}`, { method: 'POST', headers: headers(meta), body: JSON.stringify(args), credentials: 'same-origin', ...(options?.keepalive ? { keepalive: true } : {}) });
      } catch (e) {
        return { ok: false, error: offline(e) };
      }
      if (!res.ok) return { ok: false, error: await errorFrom(res) };
      return { ok: true, value: (await res.json()) as unknown };
    },

    async startStream(method, args, meta, onEvent): Promise<Result<{ cancel(): void }>> {
      const controller = new AbortController();
      let res: Response;
      try {
        res = await fetch(`${base}/rpc/${method}`, {
          method: 'POST',
          headers: headers(meta),
          body: JSON.stringify(args),
          signal: controller.signal,
          credentials: 'same-origin',
        });
      } catch (e) {
        return { ok: false, error: offline(e) };
      }
      if (!res.ok || !res.body) return { ok: false, error: await errorFrom(res) };
      const id = res.headers.get('X-Stream-Id') ?? 'http';
      let finished = false;
      const emit = (ev: StreamEvent) => {
        if (finished) return;
        if (ev.type !== 'chunk') finished = true;
        onEvent(ev);
      };
      const parser = createParser({
        onEvent(msg) {
          const data: unknown = JSON.parse(msg.data);
          if (msg.event === 'chunk') emit({ id, type: 'chunk', chunk: data });
          else if (msg.event === 'done') emit({ id, type: 'done', result: data });
          else if (msg.event === 'error') emit({ id, type: 'error', error: data as AppErrorData });
        },
      });
      void (async () => {
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            parser.feed(value);
          }
          emit({ id, type: 'error', error: { code: 'upstream_error', message: 'the stream ended early' } });
        } catch (e) {
          emit({
            id,
            type: 'error',
            error: controller.signal.aborted ? { code: 'cancelled', message: 'cancelled' } : offline(e),
          });
        }
      })();
      return { ok: true, value: { cancel: () => controller.abort() } };
    },

    onPush(listener) {
      const source = new EventSource(`${base}/rpc/events`, { withCredentials: true });
      source.onmessage = (e: MessageEvent<string>) => {
        try {
          listener(JSON.parse(e.data) as PushMessage);
        } catch {
          // ignore a malformed push
        }
      };
      return () => source.close();
    },
  };
}
