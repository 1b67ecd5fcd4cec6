import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushMessage, StreamEvent } from '../../../../shared/contract';
import type { PreloadApi } from '../../../../shared/preloadApi';
import type { Result } from '../../../../shared/result';
import { ipcTransport } from '../../../../renderer/src/bridge/ipcTransport';

const notice: PushMessage = { event: 'app.notice', payload: { kind: 'info', message: 'hello' } };

/**
 * What the preload exposes, driven by the test: `send` delivers a stream event as
 * the main process would, and each `startStream` reply waits until the test releases it,
 * so events can overtake the reply that names their stream.
 */
function fakePreload() {
  let listener: ((e: StreamEvent) => void) | undefined;
  const replies: Array<(r: Result<{ streamId: string }>) => void> = [];
  const cancelled: string[] = [];
  const calls: Array<{ method: string; args: unknown[]; meta: unknown }> = [];
  const api: PreloadApi = {
    call: async (method, args, meta) => {
      calls.push({ method, args, meta });
      return { ok: true, value: { echoed: method } };
    },
    startStream: (method, args, meta) => {
      calls.push({ method, args, meta });
      return new Promise((r) => replies.push(r));
    },
    cancelStream: async (id) => void cancelled.push(id),
    onStreamEvent: (l) => {
      listener = l;
      return () => (listener = undefined);
    },
    onPush: (l) => {
      l(notice);
      return () => undefined;
    },
  };
  return {
    api,
    calls,
    cancelled,
    send: (e: StreamEvent) => listener?.(e),
    /** Releases the oldest pending `startStream` reply. */
    reply: (r: Result<{ streamId: string }>) => replies.shift()!(r),
  };
}

const chunk = (id: string, c: unknown): StreamEvent => ({ id, type: 'chunk', chunk: c });
const done = (id: string, result: unknown): StreamEvent => ({ id, type: 'done', result });

/** Starts a stream on the transport, recording what it delivers. */
function start(t: ReturnType<typeof ipcTransport>, method = 'chat.send') {
  const got: StreamEvent[] = [];
  const started = t.startStream(method, [{ q: 1 }], { locale: 'en' }, (e) => got.push(e));
  return { got, started };
}

afterEach(() => vi.restoreAllMocks());

describe('ipcTransport: stream events that arrive before their stream is known', () => {
  it('holds events that overtake the reply with the stream id and replays them, in order, before later ones', async () => {
    const p = fakePreload();
    const t = ipcTransport(p.api);
    const { got, started } = start(t);
    p.send(chunk('s1', 'a'));
    p.send(chunk('s1', 'b'));
    expect(got).toEqual([]);
    p.reply({ ok: true, value: { streamId: 's1' } });
    expect((await started).ok).toBe(true);
    expect(got).toEqual([chunk('s1', 'a'), chunk('s1', 'b')]);
    p.send(chunk('s1', 'c'));
    p.send(done('s1', { text: 'abc' }));
    expect(got.map((e) => (e.type === 'chunk' ? e.chunk : e.type))).toEqual(['a', 'b', 'c', 'done']);
  });

  it('a stream whose end came before its id is finished at once, and hears nothing more', async () => {
    const p = fakePreload();
    const t = ipcTransport(p.api);
    const { got, started } = start(t);
    p.send(chunk('s1', 'a'));
    p.send({ id: 's1', type: 'error', error: { code: 'upstream_error', message: 'down', status: 502 } });
    p.reply({ ok: true, value: { streamId: 's1' } });
    await started;
    // A stray event for the same id (it cannot reopen a finished stream) is not delivered.
    p.send(chunk('s1', 'stray'));
    expect(got).toEqual([chunk('s1', 'a'), { id: 's1', type: 'error', error: { code: 'upstream_error', message: 'down', status: 502 } }]);
  });

  it('events of one stream never reach another, whichever is named first', async () => {
    const p = fakePreload();
    const t = ipcTransport(p.api);
    const one = start(t);
    const two = start(t);
    p.send(chunk('s2', 'for two'));
    p.send(chunk('s1', 'for one'));
    p.reply({ ok: true, value: { streamId: 's1' } });
    await one.started;
    p.send(done('s2', null));
    p.reply({ ok: true, value: { streamId: 's2' } });
    await two.started;
    p.send(done('s1', null));
    expect(one.got).toEqual([chunk('s1', 'for one'), done('s1', null)]);
    expect(two.got).toEqual([chunk('s2', 'for two'), done('s2', null)]);
  });

  it('drops held events nobody claimed for ten seconds (a stream whose reply was lost)', async () => {
    const p = fakePreload();
    const t = ipcTransport(p.api);
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    p.send(chunk('old', 'stale'));
    p.send(chunk('fresh', 'kept'));
    now.mockReturnValue(1_000_000 + 10_001);
    // Held events are swept when another unclaimed one arrives.
    p.send(chunk('other', 'x'));
    const old = start(t);
    p.reply({ ok: true, value: { streamId: 'old' } });
    await old.started;
    expect(old.got).toEqual([]);

    // Within the ten seconds an early event is still replayed.
    now.mockReturnValue(1_000_000 + 10_002);
    p.send(chunk('young', 'held'));
    now.mockReturnValue(1_000_000 + 19_000);
    p.send(chunk('another', 'y'));
    const young = start(t);
    p.reply({ ok: true, value: { streamId: 'young' } });
    await young.started;
    expect(young.got).toEqual([chunk('young', 'held')]);
  });
});

describe('ipcTransport: calls, refusals and cancel', () => {
  it('passes a call, its arguments and meta through the preload', async () => {
    const p = fakePreload();
    const t = ipcTransport(p.api);
    expect(t.kind).toBe('ipc');
    expect(await t.call('app.info', [1, 'two'], { locale: 'ko' })).toEqual({ ok: true, value: { echoed: 'app.info' } });
    expect(p.calls).toEqual([{ method: 'app.info', args: [1, 'two'], meta: { locale: 'ko' } }]);
  });

  it('a stream the core refuses to start reports its error and claims no id', async () => {
    const p = fakePreload();
    const t = ipcTransport(p.api);
    const { got, started } = start(t);
    p.reply({ ok: false, error: { code: 'bad_request', message: 'invalid arguments for chat.send', status: 400 } });
    expect(await started).toEqual({ ok: false, error: { code: 'bad_request', message: 'invalid arguments for chat.send', status: 400 } });
    expect(got).toEqual([]);
  });

  it('cancel asks the core to cancel that stream by its id', async () => {
    const p = fakePreload();
    const t = ipcTransport(p.api);
    const { started } = start(t);
    p.reply({ ok: true, value: { streamId: 's9' } });
    const r = await started;
    if (!r.ok) throw new Error('not started');
    r.value.cancel();
    expect(p.cancelled).toEqual(['s9']);
  });

  it('pushes come from the preload', () => {
    const p = fakePreload();
    const heard: PushMessage[] = [];
    ipcTransport(p.api).onPush((m) => heard.push(m));
    expect(heard).toEqual([notice]);
  });
});
