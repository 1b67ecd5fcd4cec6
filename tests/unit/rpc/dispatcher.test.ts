import { afterEach, describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../shared/contract';
import { AppError } from '../../../shared/result';
import { createHandlers } from '../../../electron/core/app/handlers/index';
import { createDispatcher } from '../../../electron/core/rpc/dispatcher';
import type { Handlers } from '../../../electron/core/rpc/handlers';
import { makeTestCore } from '../../support/testCore';

const cores: Array<ReturnType<typeof makeTestCore>> = [];
function setup(override: Partial<Handlers> = {}) {
  const core = makeTestCore();
  cores.push(core);
  const logged: Array<{ line: string; detail: string }> = [];
  const dispatcher = createDispatcher({ ...createHandlers(core), ...override } as Handlers, { logInternal: (line, detail) => logged.push({ line, detail }) });
  return { core, dispatcher, logged };
}
afterEach(() => {
  while (cores.length) cores.pop()!.cleanupDir();
});

function collect(dispatcher: ReturnType<typeof setup>['dispatcher'], method: string, args: unknown) {
  const events: StreamEvent[] = [];
  let resolve!: () => void;
  const finished = new Promise<void>((r) => (resolve = r));
  const started = dispatcher.startStream(method, args, (e) => {
    events.push(e);
    if (e.type !== 'chunk') resolve();
  }, { transport: 'ipc' });
  return { started, events, finished };
}

describe('dispatcher', () => {
  it('runs a call and returns an ok value', async () => {
    const { dispatcher } = setup();
    const r = await dispatcher.call('app.info', [], { transport: 'ipc' });
    expect(r).toMatchObject({ ok: true, value: { name: 'Yomimono', mode: 'browser', schemaVersion: expect.any(Number) } });
  });

  it('answers an unknown method with an error value', async () => {
    const { dispatcher } = setup();
    expect(await dispatcher.call('nope.nothing', [], { transport: 'ipc' })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'unknown_method' }),
    });
    // Prototype names are not methods either.
    expect(await dispatcher.call('constructor', [], { transport: 'ipc' })).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('rejects bad arguments before the core runs', async () => {
    let ran = false;
    const { dispatcher } = setup({ 'secrets.set': async () => ((ran = true), undefined as never) });
    for (const args of [['openrouter'], ['bogus', 'sk-12345678'], ['openrouter', 42], 'not-an-array', [{}, {}, {}]]) {
      const r = await dispatcher.call('secrets.set', args, { transport: 'ipc' });
      expect(r).toMatchObject({ ok: false, error: { code: 'bad_request', status: 400 } });
    }
    expect(ran).toBe(false);
    const bad = await dispatcher.call('settings.set', [{ theme: 'purple' }], { transport: 'ipc' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(JSON.stringify(bad.error.details)).toContain('theme');
  });

  it('turns a thrown core error into an error value that keeps its fields', async () => {
    const { dispatcher } = setup({
      'app.info': () => {
        throw new AppError({ code: 'rate_limited', message: 'slow down', status: 429, retryAfterMs: 1500, resetAt: 123 });
      },
      'settings.get': () => {
        throw new TypeError('boom');
      },
    });
    expect(await dispatcher.call('app.info', [], { transport: 'ipc' })).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'slow down', status: 429, retryAfterMs: 1500, resetAt: 123 },
    });
    expect(await dispatcher.call('settings.get', [], { transport: 'ipc' })).toMatchObject({ ok: false, error: { code: 'internal', details: { errorId: expect.any(String) } } });
  });

  it('an internal error reaches the caller as a generic message with an id; the detail (SQL, paths) only goes to the log', async () => {
    const raw = "SqliteError: no such column: secret_col in \"SELECT secret_col FROM documents\" at /home/ana/.local/share/yomimono/yomimono.db";
    const { dispatcher, logged } = setup({
      'settings.get': () => {
        throw new Error(raw);
      },
      'dev.count': async function* () {
        yield 1;
        throw new Error(raw);
      },
    });
    const r = await dispatcher.call('settings.get', [], { transport: 'http' });
    if (r.ok) throw new Error('expected an error');
    const id = r.error.details?.errorId as string;
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(r.error.message).toContain(id);
    expect(JSON.stringify(r.error)).not.toMatch(/SELECT|secret_col|yomimono\.db|\/home\//);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.line).toContain(id);
    expect(logged[0]!.line).toContain('settings.get');
    expect(logged[0]!.detail).toContain(raw);

    const { events, finished } = collect(dispatcher, 'dev.count', [{ to: 1 }]);
    await finished;
    const last = events.at(-1)!;
    if (last.type !== 'error') throw new Error('expected an error event');
    expect(JSON.stringify(last.error)).not.toMatch(/SELECT|secret_col|yomimono\.db/);
    expect(logged[1]!.line).toContain(last.error.details?.errorId as string);
  });

  it('the log keeps the detail but masks anything shaped like a key', async () => {
    const { dispatcher, logged } = setup({
      'settings.get': () => {
        throw new TypeError('Headers.append: "Bearer sk-or-v1-0123456789abcdefSECRET\nX" is an invalid header value.');
      },
    });
    await dispatcher.call('settings.get', [], { transport: 'ipc' });
    expect(logged[0]!.detail).toContain('invalid header value');
    expect(logged[0]!.detail).not.toContain('SECRET');
  });

  it('refuses to call a stream method as a call and vice versa', async () => {
    const { dispatcher } = setup();
    expect(await dispatcher.call('dev.count', [{ to: 1 }], { transport: 'ipc' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(dispatcher.startStream('app.info', [], () => {}, { transport: 'ipc' })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('streams chunks in order then done, applying argument defaults', async () => {
    const { dispatcher } = setup();
    const { started, events, finished } = collect(dispatcher, 'dev.count', [{ to: 3 }]);
    expect(started.ok).toBe(true);
    await finished;
    expect(events.map((e) => (e.type === 'chunk' ? e.chunk : e.type))).toEqual([1, 2, 3, 'done']);
    expect(events.at(-1)).toMatchObject({ type: 'done', result: { count: 3 } });
    expect(dispatcher.running).toBe(0);
  });

  it('cancel aborts the signal the core sees and ends with a cancelled error', async () => {
    let seen: AbortSignal | undefined;
    const { dispatcher } = setup({
      'dev.count': async function* (ctx) {
        seen = ctx.signal;
        yield 1;
        await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
        return { count: 1 };
      },
    });
    const { started, events, finished } = collect(dispatcher, 'dev.count', [{ to: 5 }]);
    if (!started.ok) throw new Error('not started');
    await new Promise((r) => setTimeout(r, 20));
    expect(dispatcher.cancelStream(started.value.streamId)).toBe(true);
    await finished;
    expect(seen?.aborted).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'cancelled' } });
    expect(dispatcher.cancelStream(started.value.streamId)).toBe(false);
  });

  it('a stream that throws ends with an error event', async () => {
    const { dispatcher } = setup({
      'dev.count': async function* () {
        yield 1;
        throw new AppError({ code: 'mid_stream_error', message: 'broke', details: { partialText: 'a' } });
      },
    });
    const { events, finished } = collect(dispatcher, 'dev.count', [{ to: 2 }]);
    await finished;
    expect(events).toEqual([
      expect.objectContaining({ type: 'chunk', chunk: 1 }),
      expect.objectContaining({ type: 'error', error: { code: 'mid_stream_error', message: 'broke', details: { partialText: 'a' } } }),
    ]);
  });

  it('cancelAll by owner only cancels that owner', async () => {
    const { dispatcher } = setup();
    const a = dispatcher.startStream('dev.count', [{ to: 1000, intervalMs: 50 }], () => {}, { transport: 'ipc', owner: 'a' });
    const b = dispatcher.startStream('dev.count', [{ to: 1000, intervalMs: 50 }], () => {}, { transport: 'ipc', owner: 'b' });
    expect(a.ok && b.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(dispatcher.running).toBe(2);
    dispatcher.cancelAll('a');
    await new Promise((r) => setTimeout(r, 20));
    expect(dispatcher.running).toBe(1);
    dispatcher.cancelAll();
    await new Promise((r) => setTimeout(r, 20));
    expect(dispatcher.running).toBe(0);
  });
});
