import type { readingsMethods } from '../../../../shared/contract/readings';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** Readings corrected by hand. */
export function readingsHandlers(core: Pick<CoreServices, 'readings'>): HandlersFor<typeof readingsMethods> {
  return {
    'readings.list': () => core.readings.list(),
    'readings.correct': (_ctx, { word, reading }) => core.readings.set(word, reading),
    'readings.reset': (_ctx, { word }) => ({ removed: core.readings.remove(word) }),
  };
}
