import type { gatewayMethods } from '../../../../shared/contract/gateway';
import type { HandlersFor } from '../../rpc/handlers';
import type { Core } from '../createCore';

/** The credit meter and key edits (issue 4); the logic lives in core.credits. */
export function gatewayHandlers(core: Core): HandlersFor<typeof gatewayMethods> {
  return {
    'gateway.getKey': () => core.credits.getKey(),
    'gateway.updateKey': (ctx, hash, patch) => core.credits.updateKey(hash, patch, ctx.signal),
    'gateway.refresh': (_ctx, reason) => core.credits.refresh(reason),
  };
}
