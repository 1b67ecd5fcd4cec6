import { afterAll, beforeAll } from 'vitest';
import { startFakeEdgeTts, type FakeEdgeTts } from '../fakes/edgeTts';
import { startFakeGateway, type FakeGateway } from '../fakes/gateway';
import { modelReply } from '../fakes/modelReplies';
import { makeTestCore } from './testCore';

export interface ReaderStack {
  gw: FakeGateway;
  edge: FakeEdgeTts;
  core: ReturnType<typeof makeTestCore>;
  /** Chat-completion requests the fake gateway has seen so far. */
  modelCalls(): number;
  stop(): Promise<void>;
}

/** A real core with `key` saved, against the fake gateway (model-like replies) and the fake Edge TTS; the analyzer loaded. */
async function startReaderStack(key: string): Promise<ReaderStack> {
  const gw = await startFakeGateway({ keys: [{ key }], reply: modelReply, chunkChars: 9 });
  const edge = await startFakeEdgeTts({});
  const core = makeTestCore({ OPENROUTER_API_URL: gw.baseUrl, EDGE_TTS_URL: edge.url });
  await core.secrets.set('openrouter', key);
  await core.analyzer.ready();
  return {
    gw,
    edge,
    core,
    modelCalls: () => gw.requests.filter((r) => r.path.endsWith('/chat/completions')).length,
    async stop() {
      core.cleanupDir();
      await gw.close().catch(() => undefined);
      await edge.close().catch(() => undefined);
    },
  };
}

/**
 * Starts the stack once before the file's tests and stops it after them. The
 * returned handle reads the live stack, so use its fields inside tests only.
 */
export function useReaderStack(key: string): ReaderStack {
  let stack: ReaderStack | undefined;
  beforeAll(async () => {
    stack = await startReaderStack(key);
  }, 90_000);
  afterAll(() => stack?.stop());
  const live = (): ReaderStack => {
    if (!stack) throw new Error('the reader stack is used before beforeAll started it');
    return stack;
  };
  return {
    get gw() { return live().gw; },
    get edge() { return live().edge; },
    get core() { return live().core; },
    modelCalls: () => live().modelCalls(),
    stop: () => live().stop(),
  };
}
