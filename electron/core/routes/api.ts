import type http from 'node:http';
import { APP_MESSAGES } from '../../../shared/messages';
import type { Core } from '../app/createCore';
import { sendError } from '../http/respond';
import type { AuthGate } from '../http/server';

export interface Api {
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
  auth?: AuthGate;
  close(): Promise<void>;
}

/** The seed's /api/* routes (filled in by the routes issue). */
export function createApi(_core: Core): Api {
  return {
    async handle(_req, res) {
      sendError(res, 404, APP_MESSAGES.notFound);
    },
    async close() {},
  };
}
