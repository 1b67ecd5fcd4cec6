/**
 * A reader call reads its model from the settings once: a model picked in
 * Settings while an analysis streams does not reach the call's later requests,
 * and the answer is cached under the model that produced it.
 */
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../shared/contract';
import type { AnalyzeChunk, AnalyzeResult } from '../../../shared/contract/reader';
import { callOk } from '../../support/dispatch';
import { useReaderStack } from '../../support/readerStack';

const stack = useReaderStack('sk-or-call-choice-test');
const FIRST = 'openai/gpt-4.1-mini';
const SECOND = 'openai/gpt-4o-mini';
const pickAnalysisModel = (model: string) => stack.core.settings.set({ taskModels: { openrouter: { analysis: model } } });

describe('a reader call keeps the model it started with', () => {
  it('reader.analyze: another analysis model picked mid-stream changes neither the later pieces nor the cache key', async () => {
    const { core, gw } = stack;
    pickAnalysisModel(FIRST);
    // Several pieces, slowly streamed: the pieces after the first few start after the switch below.
    const text = '吾輩は猫である。名前はまだ無い。'.repeat(80);
    gw.state.chunkDelayMs = 1;
    const before = gw.requests.length;
    let switched = false;
    const events = await new Promise<StreamEvent[]>((resolve) => {
      const seen: StreamEvent[] = [];
      const r = core.dispatcher.startStream('reader.analyze', [{ text }], (e) => {
        seen.push(e);
        if (e.type === 'chunk' && (e.chunk as AnalyzeChunk).source === 'model' && !switched) {
          switched = true;
          pickAnalysisModel(SECOND);
        }
        if (e.type !== 'chunk') resolve(seen);
      }, { transport: 'ipc' });
      if (!r.ok) resolve([{ id: '-', type: 'error', error: r.error }]);
    }).finally(() => {
      gw.state.chunkDelayMs = 0;
    });

    const end = events.at(-1)!;
    if (end.type !== 'done') throw new Error(`expected done, got ${JSON.stringify(end)}`);
    expect(switched).toBe(true);
    expect((end.result as AnalyzeResult).source).toBe('model');
    const models = gw.requests.slice(before).filter((r) => r.path.endsWith('/chat/completions')).map((r) => (r.body as { model: string }).model);
    expect(models.length).toBeGreaterThan(3);
    expect(new Set(models)).toEqual(new Set([FIRST]));
    // Cached under the model that answered, not the one in the settings now.
    const cached = () => callOk<boolean>(core, 'reader.analysisCached', { text });
    expect(await cached()).toBe(false);
    pickAnalysisModel(FIRST);
    expect(await cached()).toBe(true);
  });
});
