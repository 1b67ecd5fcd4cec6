import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';
import type { Dispatcher } from '../rpc/dispatcher';
import type { PushBus } from '../rpc/pushBus';
import { HttpError } from './body';
import { sendError, sendJson } from './respond';
import { hostHeaderAllowed, isJsonRequest } from './requestGuards';
import { handleRpc } from './rpcRoutes';
import { serveStatic } from './staticFiles';
import { handleUpload, UPLOAD_PREFIX, type UploadHandler } from './uploadRoutes';

/** The routes under /api (see electron/core/routes). */
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
  /** Script origins the page's CSP allows besides its own (the analytics script's). */
  extraScriptOrigins?: readonly string[];
  /** The defaults suit production; tests shorten them. */
  limits?: Partial<ServerLimits>;
  /** Streamed file uploads by kind (`POST /upload/<kind>`, uploadRoutes.ts): the dictionary's. */
  uploads?: Readonly<Record<string, UploadHandler>>;
}

export interface ServerLimits {
  /**
   * Time for a request's headers and body to arrive whole; past it the client gets 408 and
   * the connection is closed. Only the request: a response (an SSE stream) may last longer.
   */
  bodyTimeoutMs: number;
  /** Open connections at once; more are closed on arrival. */
  maxConnections: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  bodyTimeoutMs: 30_000,
  // Far above what one learner's browser holds open (a handful), and 64 keep-alive clients fit.
  maxConnections: 512,
};

/** What a timed-out or malformed request gets; the handler never saw it. */
const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: '请求格式无效',
  408: '请求超时：请求头或请求体未在时限内送达',
  431: '请求头过大',
};

const PUBLIC_API = new Set(['/api/auth', '/api/analytics/script']);

function needsSession(pathname: string): boolean {
  if (pathname.startsWith('/rpc/') || pathname.startsWith(UPLOAD_PREFIX)) return true;
  return pathname.startsWith('/api/') && !PUBLIC_API.has(pathname);
}

export function createHttpServer(deps: HttpServerDeps): http.Server {
  const limits = { ...DEFAULT_SERVER_LIMITS, ...deps.limits };
  // Slow or stalled clients must not pin sockets forever. Node's own request deadline covers
  // headers and body and ends once the request is complete, so long responses (SSE) are not
  // cut; one server-wide sweep checks it, no timer per request.
  const server = http.createServer(
    {
      requestTimeout: limits.bodyTimeoutMs,
      headersTimeout: limits.bodyTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.bodyTimeoutMs / 4))),
      keepAliveTimeout: 5_000,
    },
    (req, res) => {
      void route(req, res).catch((e: unknown) => fail(req, res, e));
    },
  );
  server.maxConnections = limits.maxConnections;
  server.on('clientError', answerClientError);

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
    if (pathname.startsWith(UPLOAD_PREFIX)) return handleUpload(req, res, pathname, deps.uploads ?? {});
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, APP_MESSAGES.methodNotAllowed);
    if (!deps.staticDir) return sendError(res, 404, APP_MESSAGES.notFound);
    return serveStatic(deps.staticDir, req, res, pathname, { extraScriptOrigins: deps.extraScriptOrigins });
  }

  return server;
}

/**
 * Node's default answer to a request it gave up on (408 on the deadline, 400 when
 * unparsable), with the usual JSON error body. Nothing is written once a response has
 * begun on the socket: that connection can only be cut.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  const current = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ error: { message: CLIENT_ERROR_MESSAGES[status] } });
  // Closed for good once written: a client ignoring the FIN cannot keep the socket half-open.
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
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
