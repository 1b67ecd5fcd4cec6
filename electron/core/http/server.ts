import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';
import type { Dispatcher } from '../rpc/dispatcher';
import type { PushBus } from '../rpc/pushBus';
import { HttpError } from './body';
import { sendError, sendJson } from './respond';
import { hostHeaderAllowed, isJsonRequest } from './requestGuards';
import { handleRpc } from './rpcRoutes';
import { serveStatic } from './staticFiles';

/** The seed routes under /api (see electron/core/routes). */
export type ApiHandler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>;

/** The `CODE` access rule; absent when no code is configured. */
export interface AuthGate {
  isAuthenticated(req: http.IncomingMessage): boolean;
}

export interface HttpServerDeps {
  dispatcher: Dispatcher;
  bus: PushBus;
  api: ApiHandler;
  auth?: AuthGate;
  /** The built renderer; omitted in tests that only need /api and /rpc. */
  staticDir?: string;
  /** Bound to loopback only: refuse other Host names (DNS rebinding). */
  loopbackOnly?: boolean;
}

const PUBLIC_API = new Set(['/api/auth', '/api/analytics/script']);

function needsSession(pathname: string): boolean {
  if (pathname.startsWith('/rpc/')) return true;
  return pathname.startsWith('/api/') && !PUBLIC_API.has(pathname);
}

export function createHttpServer(deps: HttpServerDeps): http.Server {
  const server = http.createServer((req, res) => {
    void route(req, res).catch((e: unknown) => fail(req, res, e));
  });
  // Slow or stalled clients must not pin sockets forever.
  server.requestTimeout = 0; // streams may legitimately last long; bodies are bounded instead
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = 5_000;

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { pathname } = url;
    if (deps.loopbackOnly && !hostHeaderAllowed(req)) return sendError(res, 421, APP_MESSAGES.hostNotAllowed);
    if (pathname.startsWith('/rpc/') && req.method === 'POST' && !isJsonRequest(req)) {
      req.resume();
      return sendJson(res, 415, { error: { code: 'bad_request', message: APP_MESSAGES.unsupportedMediaType } });
    }
    if (deps.auth && needsSession(pathname) && !deps.auth.isAuthenticated(req)) {
      if (pathname.startsWith('/rpc/')) return sendJson(res, 401, { error: { code: 'unauthorized', message: SEED_MESSAGES.authRequired } });
      return sendError(res, 401, SEED_MESSAGES.authRequired);
    }
    if (pathname.startsWith('/api/')) return deps.api(req, res, url);
    if (pathname.startsWith('/rpc/')) return handleRpc(req, res, pathname, deps);
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, APP_MESSAGES.methodNotAllowed);
    if (!deps.staticDir) return sendError(res, 404, APP_MESSAGES.notFound);
    return serveStatic(deps.staticDir, req, res, pathname);
  }

  return server;
}

function fail(req: http.IncomingMessage, res: http.ServerResponse, e: unknown): void {
  const isRpc = (req.url ?? '').startsWith('/rpc/');
  if (e instanceof HttpError) {
    if (isRpc) {
      if (res.headersSent) return void res.destroy();
      return sendJson(res, e.status, { error: { code: e.status === 413 ? 'too_large' : 'bad_request', message: e.message } }, e.headers);
    }
    return sendError(res, e.status, e.message, {}, e.headers);
  }
  // Never echo internals to the client; the message stays generic.
  console.error('[http] unhandled error', e);
  if (isRpc) {
    if (res.headersSent) return void res.destroy();
    return sendJson(res, 500, { error: { code: 'internal', message: APP_MESSAGES.internal } });
  }
  sendError(res, 500, APP_MESSAGES.internal);
}

export interface RunningServer {
  server: http.Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

export function listen(server: http.Server, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const addr = server.address() as AddressInfo;
      const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
      resolve({
        server,
        port: addr.port,
        url: `http://${shownHost}:${addr.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Open SSE connections would keep close() waiting forever.
            server.closeAllConnections();
          }),
      });
    });
  });
}
