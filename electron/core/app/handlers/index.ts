import type { Handlers } from '../../rpc/handlers';
import type { Core } from '../createCore';
import { appHandlers } from './appHandlers';

/** Every contract method, implemented by the core's services: one file per domain. */
export function createHandlers(core: Core): Handlers {
  return {
    ...appHandlers(core),
  };
}
