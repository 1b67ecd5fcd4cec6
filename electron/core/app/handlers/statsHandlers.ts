import type { statsMethods } from '../../../../shared/contract/stats';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** Reading statistics. */
export function statsHandlers(deps: Pick<CoreServices, 'readingLog' | 'settings'>): HandlersFor<typeof statsMethods> {
  return {
    'stats.reading': (_ctx, { days }) => deps.readingLog.stats(days, deps.settings.get().readingGoalChars),
  };
}
