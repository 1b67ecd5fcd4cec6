import type http from 'node:http';
import { parseLocale } from '../../../shared/locales';
import { APP_MESSAGES } from '../../../shared/messages';
import { AppError } from '../../../shared/result';
import type { CoreServices } from '../app/coreServices';
import { MiB, readJson } from '../http/body';
import { sendError, sendJson } from '../http/respond';
import { isJsonRequest } from '../http/requestGuards';
import type { AuthGate } from '../http/server';
import { secondsToNextJapanMidnight } from '../daily/japanDate';
import { analyticsScript } from './analyticsScript';
import { createAuth } from './auth/authRoutes';
import { sendRouteError } from './errors';
import { dailyGenerator } from '../models/dailyGenerator';
import { forwardPlan, type ModelPlan } from '../models/modelPlan';
import { analyzePlan, chatPlan, imageToTextPlan, translatePlan, wordDetailPlan, type TaskEnv } from '../models/modelTasks';
import { speak } from '../models/speak';
import { analyzeInput, bearerOf, chatInput, imageToTextInput, translateInput, ttsInput, wordDetailInput, type Body } from './params';
import { forwardSse } from './upstream/forwardSse';

export interface Api {
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
  auth?: AuthGate;
  close(): Promise<void>;
}

const BODY_LIMIT = 1 * MiB;
/** The image (IMAGE_DATA_MAX_BYTES, checked by the task) and a little JSON around it. */
const IMAGE_BODY_LIMIT = 9 * MiB;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** A model task behind a route: the body as its typed input (params.ts), then the task's plan. */
type RouteTask = (body: Body, env: TaskEnv) => ModelPlan;
const task =
  <I>(input: (body: Body) => I, plan: (input: I, env: TaskEnv) => ModelPlan): RouteTask =>
  (body, env) =>
    plan(input(body), env);

/** The /api/* routes over the core's services: HTTP in, typed model tasks, the upstream's answer out. */
export function createApi(core: Pick<CoreServices, 'config' | 'models' | 'upstreams' | 'daily' | 'settings' | 'audio' | 'secrets'>): Api {
  const { config } = core;
  const auth = createAuth(config);

  /** Aborted when the client disconnects before we answered. */
  const clientSignal = (res: http.ServerResponse) => {
    const c = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) c.abort();
    });
    return c;
  };

  const model =
    (route: RouteTask, limit = BODY_LIMIT): Handler =>
    async (req, res) => {
      const body = (await readJson(req, limit, 'object')) as Body;
      const controller = clientSignal(res);
      try {
        const plan = route(body, { locale: parseLocale(req.headers['x-app-locale']), models: core.models });
        // A non-streamed call (retries and body) must finish within the timeout; a stream only its headers.
        const upstream = await forwardPlan(core.upstreams, plan, {
          bearer: bearerOf(req.headers.authorization),
          signal: controller.signal,
          timeoutMs: config.upstreamTimeoutMs,
        });
        if (upstream.stream) {
          await forwardSse(res, upstream.chunks, { idleMs: config.streamIdleTimeoutMs, abortUpstream: () => controller.abort() });
          return;
        }
        res.writeHead(200, {
          'Content-Type': upstream.contentType ?? 'application/json',
          'Content-Length': Buffer.byteLength(upstream.text),
          'Cache-Control': 'no-store',
        });
        res.end(upstream.text);
      } catch (e) {
        sendRouteError(res, e);
      }
    };

  const tts: Handler = async (req, res) => {
    const body = (await readJson(req, BODY_LIMIT, 'object')) as Body;
    try {
      const { audio, mimeType } = await speak(core, ttsInput(body), { bearer: bearerOf(req.headers.authorization), signal: clientSignal(res).signal });
      sendJson(res, 200, { audio, mimeType });
    } catch (e) {
      sendRouteError(res, e);
    }
  };

  const daily: Handler = async (req, res) => {
    try {
      const sentence = await core.daily.get(dailyGenerator(core, bearerOf(req.headers.authorization)));
      sendJson(res, 200, sentence, { 'Cache-Control': `private, max-age=${secondsToNextJapanMidnight(Date.now())}` });
    } catch (e) {
      if (e instanceof AppError) return sendError(res, 503, APP_MESSAGES.dailyUnavailable);
      throw e;
    }
  };

  const analytics: Handler = async (_req, res) => {
    const js = analyticsScript(config.analyticsScriptSrc, config.analyticsWebsiteId);
    res.writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(js) });
    res.end(js);
  };

  const routes: Record<string, Partial<Record<string, Handler>>> = {
    '/api/analyze': { POST: model(task(analyzeInput, analyzePlan)) },
    '/api/translate': { POST: model(task(translateInput, translatePlan)) },
    '/api/word-detail': { POST: model(task(wordDetailInput, wordDetailPlan)) },
    '/api/image-to-text': { POST: model(task(imageToTextInput, imageToTextPlan), IMAGE_BODY_LIMIT) },
    '/api/chat': { POST: model(task(chatInput, chatPlan)) },
    '/api/tts': { POST: tts },
    '/api/daily-sentence': { GET: daily },
    '/api/auth': { GET: auth.status, POST: auth.login },
    '/api/analytics/script': { GET: analytics },
  };

  return {
    auth: auth.gate,
    async handle(req, res, url) {
      const route = routes[url.pathname];
      if (!route) return sendError(res, 404, APP_MESSAGES.notFound);
      const handler = route[req.method ?? 'GET'] ?? (req.method === 'HEAD' ? route.GET : undefined);
      if (!handler) return sendError(res, 405, APP_MESSAGES.methodNotAllowed, {}, { Allow: Object.keys(route).join(', ') });
      // JSON only: a cross-site form or beacon cannot reach a handler (see requestGuards).
      if (req.method === 'POST' && !isJsonRequest(req)) {
        req.resume();
        return sendError(res, 415, APP_MESSAGES.unsupportedMediaType);
      }
      await handler(req, res);
    },
    async close() {},
  };
}
