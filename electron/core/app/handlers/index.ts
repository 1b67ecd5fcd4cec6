import type { Handlers } from '../../rpc/handlers';
import { createReaderService } from '../../reader/readerService';
import type { CoreServices } from '../coreServices';
import { appHandlers } from './appHandlers';
import { gatewayHandlers } from './gatewayHandlers';
import { readerHandlers } from './readerHandlers';
import { libraryHandlers } from './libraryHandlers';
import { reviewHandlers } from './reviewHandlers';
import { dictionaryHandlers } from './dictionaryHandlers';
import { booksHandlers } from './booksHandlers';
import { readingsHandlers } from './readingsHandlers';
import { windowHandlers } from './windowHandlers';
import { coverageHandlers } from './coverageHandlers';
import { statsHandlers } from './statsHandlers';
import { wordsHandlers } from './wordsHandlers';

/** Every contract method, implemented by the core's services: one file per domain, each given only what it uses. */
export function createHandlers(services: CoreServices): Handlers {
  return {
    ...appHandlers(services),
    ...gatewayHandlers(services),
    ...readerHandlers(createReaderService(services)),
    ...libraryHandlers(services),
    ...reviewHandlers(services),
    ...dictionaryHandlers(services),
    ...booksHandlers(services),
    ...readingsHandlers(services),
    ...windowHandlers(services),
    ...coverageHandlers(services),
    ...statsHandlers(services),
    ...wordsHandlers(services),
  };
}
