import type { Handlers } from '../../rpc/handlers';
import type { Core } from '../createCore';
import { appHandlers } from './appHandlers';
import { gatewayHandlers } from './gatewayHandlers';
import { readerHandlers } from './readerHandlers';
import { libraryHandlers } from './libraryHandlers';
import { reviewHandlers } from './reviewHandlers';
import { dictionaryHandlers } from './dictionaryHandlers';
import { booksHandlers } from './booksHandlers';

/** Every contract method, implemented by the core's services: one file per domain. */
export function createHandlers(core: Core): Handlers {
  return {
    ...appHandlers(core),
    ...gatewayHandlers(core),
    ...readerHandlers(core),
    ...libraryHandlers(core),
    ...reviewHandlers(core),
    ...dictionaryHandlers(core),
    ...booksHandlers(core),
  };
}
