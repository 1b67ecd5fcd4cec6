/**
 * The fake gateway's HTTP server on 127.0.0.1: reads each body (JSON, else kept
 * as text for a 400), logs the request, routes it under /api/v1 and hands back
 * the control handle. The routes themselves live beside this file.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultModelListControl, openRouterModelsAnswer, type FakeModelListControl } from '../modelList';
import { handleChat } from './chatRoute';
import { sleep } from './clock';
import type { GatewayContext } from './context';
import { createFreeCounter } from './freeLimits';
import { handleGetKey, handlePatch } from './keyRoutes';
import { createKeyStore } from './keyStore';
import { sendError, sendJson } from './respond';
import { createScriptQueue, runStep } from './script';
import type { FakeGateway, FakeGatewayOptions, FakeGatewayState, FakeRequest } from './types';

const PREFIX = '/api/v1';

function defaultState(options: FakeGatewayOptions): FakeGatewayState {
  return {
    balance: options.balance ?? 10,
    costPerRequest: options.costPerRequest ?? 0.001,
    reply: options.reply ?? 'こんにちは。これはテストの返事です。',
    delayMs: options.delayMs ?? 0,
    keepAlives: options.keepAlives ?? 1,
    chunkChars: options.chunkChars ?? 6,
    chunkDelayMs: options.chunkDelayMs ?? 0,
    retryAfterSeconds: options.retryAfterSeconds,
    freeLimits: { perMinute: 20, perDayFreeTier: 50, perDayPaid: 1000, ...options.freeLimits },
    fullKeyInfo: options.fullKeyInfo ?? false,
    managementKeys: options.managementKeys ?? ['mgmt-key'],
    now: options.now ?? Date.now,
  };
}

/** The log entry of a request whose body has been read. */
function entryOf(req: http.IncomingMessage, rawBody: string, at: number): FakeRequest {
  let body: unknown = rawBody === '' ? undefined : rawBody;
  try {
    if (rawBody !== '') body = JSON.parse(rawBody);
  } catch {
    // kept as text: the handlers answer 400
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  return { method: req.method ?? 'GET', path, headers, body, rawBody, at, aborted: false };
}

async function route(gw: GatewayContext, models: FakeModelListControl, req: http.IncomingMessage, res: http.ServerResponse, entry: FakeRequest): Promise<void> {
  if (!entry.path.startsWith(PREFIX)) {
    sendError(res, entry, 404, 'Not Found');
    return;
  }
  const sub = entry.path.slice(PREFIX.length);
  if (req.method === 'POST' && sub === '/chat/completions') {
    if (typeof entry.body === 'string') {
      sendError(res, entry, 400, 'Invalid JSON body');
      return;
    }
    await handleChat(gw, req, res, entry);
    return;
  }
  if (req.method === 'GET' && sub === '/key') {
    await handleGetKey(gw, req, res, entry);
    return;
  }
  if (req.method === 'GET' && sub === '/models') {
    const answer = openRouterModelsAnswer(models);
    sendJson(res, entry, answer.status, answer.body);
    return;
  }
  const m = /^\/keys\/([^/]+)$/.exec(sub);
  if (req.method === 'PATCH' && m?.[1]) {
    const step = gw.scripts.take(`/keys/${m[1]}`) ?? gw.scripts.take('/keys');
    if (step && (await runStep(gw, step, res, entry, undefined))) return;
    if (typeof entry.body === 'string') {
      sendError(res, entry, 400, 'Invalid JSON body');
      return;
    }
    handlePatch(gw, req, res, entry, m[1]);
    return;
  }
  sendError(res, entry, 404, 'Not Found');
}

export async function startFakeGateway(options: FakeGatewayOptions = {}): Promise<FakeGateway> {
  const state = defaultState(options);
  const gw: GatewayContext = {
    state,
    keys: createKeyStore(state),
    free: createFreeCounter(state),
    scripts: createScriptQueue(),
    floods: [],
  };
  for (const init of options.keys ?? []) gw.keys.add(init);
  const requests: FakeRequest[] = [];
  const models = defaultModelListControl();
  let modelRequests = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = entryOf(req, Buffer.concat(chunks).toString('utf8'), state.now());
      if (req.method === 'GET' && entry.path === `${PREFIX}/models`) modelRequests++;
      else requests.push(entry);
      res.on('close', () => {
        if (!res.writableFinished) entry.aborted = true;
      });
      route(gw, models, req, res, entry).catch((e: unknown) => {
        if (!res.headersSent) sendError(res, entry, 500, `fake gateway failure: ${String(e)}`);
        else res.destroy();
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    floods: gw.floods,
    url,
    baseUrl: `${url}${PREFIX}`,
    state,
    keys: gw.keys.map,
    models,
    get modelRequests() {
      return modelRequests;
    },
    requests,
    get freeRequests() {
      return gw.free.requests;
    },
    addKey: gw.keys.add,
    key: gw.keys.key,
    setKey: gw.keys.setKey,
    script: gw.scripts.push,
    pendingScripts: gw.scripts.pending,
    async waitFor(pred, timeoutMs = 2_000) {
      const until = Date.now() + timeoutMs;
      while (!pred()) {
        if (Date.now() > until) throw new Error('fake gateway: waitFor timed out');
        await sleep(5);
      }
    },
    resetFreeCounters: gw.free.reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
