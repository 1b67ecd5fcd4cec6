import type {
  ArgsIn,
  CallMeta,
  CallName,
  ChunkOf,
  PushEvents,
  PushName,
  ResultOf,
  StreamEvent,
  StreamName,
} from '../../../shared/contract';
import type { Result } from '../../../shared/result';
import type { Transport } from './transport';

type Tuple<T> = T extends readonly unknown[] ? T : never;

/** A running stream: iterate its chunks; `result` settles with the final value or the error. */
export interface BridgeStream<C, R> extends AsyncIterable<C> {
  readonly result: Promise<Result<R>>;
  cancel(): void;
}

export interface Bridge {
  readonly kind: Transport['kind'];
  call<M extends CallName>(method: M, ...args: Tuple<ArgsIn<M>>): Promise<Result<ResultOf<M>>>;
  /**
   * A call made as the page goes away (`beforeunload`), its result unread: in browser mode a keepalive
   * request, which a reload or a closed tab does not cancel; over IPC the message is sent at once anyway.
   */
  send<M extends CallName>(method: M, ...args: Tuple<ArgsIn<M>>): void;
  stream<M extends StreamName>(method: M, ...args: Tuple<ArgsIn<M>>): BridgeStream<ChunkOf<M>, ResultOf<M>>;
  on<E extends PushName>(event: E, listener: (payload: PushEvents[E]) => void): () => void;
}

/** The typed face of the contract for the UI; the transport is IPC or HTTP. */
export function createBridge(transport: Transport, meta: () => CallMeta = () => ({})): Bridge {
  const pushListeners = new Map<string, Set<(p: unknown) => void>>();
  let unsubscribeTransport: (() => void) | undefined;

  return {
    kind: transport.kind,
    call(method, ...args) {
      return transport.call(method, args, meta()) as never;
    },

    send(method, ...args) {
      void transport.call(method, args, meta(), { keepalive: true });
    },

    stream<M extends StreamName>(method: M, ...args: Tuple<ArgsIn<M>>) {
      const queue: unknown[] = [];
      let wake: (() => void) | undefined;
      let ended = false;
      let cancelFn: (() => void) | undefined;
      let cancelRequested = false;
      let settle!: (r: Result<ResultOf<M>>) => void;
      const result = new Promise<Result<ResultOf<M>>>((r) => (settle = r));

      const finish = (r: Result<ResultOf<M>>) => {
        ended = true;
        settle(r);
        wake?.();
      };
      const onEvent = (ev: StreamEvent) => {
        if (ev.type === 'chunk') queue.push(ev.chunk);
        else if (ev.type === 'done') return finish({ ok: true, value: ev.result as ResultOf<M> });
        else return finish({ ok: false, error: ev.error });
        wake?.();
      };
      void transport.startStream(method, args, meta(), onEvent).then((started) => {
        if (!started.ok) return finish(started);
        cancelFn = started.value.cancel;
        if (cancelRequested) cancelFn();
      });

      return {
        result,
        cancel() {
          cancelRequested = true;
          cancelFn?.();
        },
        async *[Symbol.asyncIterator]() {
          for (;;) {
            if (queue.length > 0) {
              yield queue.shift() as ChunkOf<M>;
              continue;
            }
            if (ended) return;
            await new Promise<void>((r) => (wake = r));
            wake = undefined;
          }
        },
      };
    },

    on(event, listener) {
      let set = pushListeners.get(event);
      if (!set) pushListeners.set(event, (set = new Set()));
      set.add(listener as (p: unknown) => void);
      unsubscribeTransport ??= transport.onPush((m) => {
        for (const l of pushListeners.get(m.event) ?? []) l(m.payload);
      });
      return () => {
        set.delete(listener as (p: unknown) => void);
      };
    },
  };
}
