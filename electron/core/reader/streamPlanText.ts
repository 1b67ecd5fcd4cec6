import { parseChatStream } from '../gateway/sse';
import { openPlan, type ModelPlan } from '../routes/upstream/modelPlan';
import type { Upstreams } from '../routes/upstream/upstreams';

/** Runs a streamed plan and yields the content deltas; returns the whole text. */
export async function* streamPlanText(
  upstreams: Upstreams,
  plan: ModelPlan,
  opts: { signal: AbortSignal; timeoutMs: number; bearer?: string },
): AsyncGenerator<string, string, void> {
  const res = await openPlan(upstreams, { ...plan, stream: true }, opts);
  if (!res.body) return '';
  const stream = parseChatStream(res.body, opts.signal);
  for await (const chunk of stream) {
    const delta = chunk.choices?.[0]?.delta?.content;
    if (delta) yield delta;
  }
  return stream.text;
}
