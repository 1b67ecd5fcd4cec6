import { providerService, tagService } from '../../../shared/result';
import type { ChatUsage } from '../gateway/sse';
import { streamPlan, type ModelPlan, type RunOptions } from './modelPlan';
import type { Upstreams } from './upstreams';

/** Runs a streamed plan and yields the content deltas; returns the whole text. `onUsage` sees a finished stream's usage. */
export async function* streamPlanText(
  upstreams: Upstreams,
  plan: ModelPlan,
  opts: RunOptions,
  onUsage?: (usage: ChatUsage | undefined, plan: ModelPlan) => void,
): AsyncGenerator<string, string, void> {
  // Parsed once, by the client's own stream, which also reports the cost when it ends.
  const stream = await streamPlan(upstreams, plan, opts);
  try {
    for await (const chunk of stream) {
      const delta = chunk.choices?.[0]?.delta?.content;
      if (delta) yield delta;
    }
  } catch (e) {
    throw tagService(e, providerService(plan.provider));
  }
  onUsage?.(stream.usage, plan);
  return stream.text;
}
