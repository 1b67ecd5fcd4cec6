import type { ModelList } from '../../../../shared/catalog';
import type { gatewayMethods } from '../../../../shared/contract/gateway';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** The credit meter and key edits (issue 4); the logic lives in core.credits. The model catalog and spend (issue 13). */
export function gatewayHandlers(core: Pick<CoreServices, 'settings' | 'models' | 'catalog' | 'usage' | 'credits'>): HandlersFor<typeof gatewayMethods> {
  const withReplacements = (list: ModelList): ModelList => {
    const s = core.settings.get();
    const chosen = [s.models[list.provider], ...Object.values(s.taskModels[list.provider])].filter((m): m is string => typeof m === 'string');
    const replaced = core.models.replacements(list.provider, chosen);
    return replaced.length > 0 ? { ...list, replaced } : list;
  };
  return {
    'gateway.listModels': (_ctx, provider) => withReplacements(core.catalog.list(provider)),
    'gateway.refreshModels': async (_ctx, provider) => withReplacements(await core.catalog.refresh(provider)),
    'gateway.todaySpend': () => core.usage.today(),
    'gateway.getKey': () => core.credits.getKey(),
    'gateway.updateKey': (ctx, hash, patch) => core.credits.updateKey(hash, patch, ctx.signal),
    'gateway.refresh': (_ctx, reason) => core.credits.refresh(reason),
  };
}
