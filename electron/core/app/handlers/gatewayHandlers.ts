import { DEFAULT_MODEL, MODEL_TASKS, type ModelList, type ModelTask } from '../../../../shared/catalog';
import type { Settings } from '../../../../shared/settings';
import { taskModelChoice } from '../../models/modelChoice';
import type { gatewayMethods } from '../../../../shared/contract/gateway';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** The credit meter and key edits (issue 4); the logic lives in core.credits. The model catalog and spend (issue 13). */
export function gatewayHandlers(core: Pick<CoreServices, 'settings' | 'models' | 'catalog' | 'usage' | 'credits'>): HandlersFor<typeof gatewayMethods> {
  const withReplacements = (list: ModelList): ModelList => {
    const s = core.settings.get();
    const chosen = [s.models[list.provider], ...Object.values(s.taskModels[list.provider])].filter((m): m is string => typeof m === 'string');
    // A local server not reached, or its default never chosen (a guess at what was pulled): nothing to report as replaced.
    if (list.provider === 'local' && (list.models.length === 0 || (chosen.length === 1 && chosen[0] === DEFAULT_MODEL.local))) {
      return { ...list, ...(s.provider === list.provider ? { inUse: inUse(s) } : {}) };
    }
    const replaced = core.models.replacements(list.provider, chosen);
    return { ...list, ...(replaced.length > 0 ? { replaced } : {}), ...(s.provider === list.provider ? { inUse: inUse(s) } : {}) };
  };
  const inUse = (s: Settings): Record<ModelTask, string | null> => {
    const one = (task: ModelTask): string | null => {
      try {
        return taskModelChoice(s, core.models, task).model;
      } catch {
        return null;
      }
    };
    return Object.fromEntries(MODEL_TASKS.map((t) => [t, one(t)])) as Record<ModelTask, string | null>;
  };
  return {
    // A local server's list is asked for each time (it is on this machine, and the learner may have just pulled a model).
    'gateway.listModels': async (_ctx, provider) => withReplacements(provider === 'local' ? await core.catalog.refresh('local') : core.catalog.list(provider)),
    'gateway.refreshModels': async (_ctx, provider) => withReplacements(await core.catalog.refresh(provider)),
    'gateway.todaySpend': () => core.usage.today(),
    'gateway.getKey': () => core.credits.getKey(),
    'gateway.updateKey': (ctx, hash, patch) => core.credits.updateKey(hash, patch, ctx.signal),
    'gateway.refresh': (_ctx, reason) => core.credits.refresh(reason),
  };
}
