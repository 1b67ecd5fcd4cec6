import type Database from 'better-sqlite3';
import type { Provider } from '../../../shared/catalog';
import { SEED_MESSAGES } from '../../../shared/messages';
import { AppError } from '../../../shared/result';
import type { Config } from '../config/config';
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from '../gateway/client';
import { FreeModelThrottle } from '../gateway/throttle';
import { createKeepAliveFetch } from '../net/keepAliveFetch';
import type { SecretsService } from '../secrets/secretsService';

/** The model providers the tasks call: one client per provider, and the key rule (a caller's own key, else the configured one). */
export interface Upstreams {
  client(provider: Provider): GatewayClient;
  /** Caller's own key (Authorization: Bearer) first, then the configured key; else 401 `missing_key` (SEED_MESSAGES.missingKey). `local`: none, ''. */
  key(provider: Provider, bearer: string | undefined): Promise<string>;
  throttle: FreeModelThrottle;
  /** Closes the pooled upstream connections (on shutdown). */
  close(): void;
}

function missingKeyError(): AppError {
  return new AppError({ code: 'missing_key', message: SEED_MESSAGES.missingKey, status: 401 });
}

/** The end of every answer to the app's own key, from either provider (see `GatewayClientOptions.onCost`). */
export type UpstreamUsageHook = (provider: Provider, ...end: Parameters<NonNullable<GatewayClientOptions['onCost']>>) => void;

export function createUpstreams(
  config: Config,
  db: Database.Database,
  secrets: SecretsService,
  hooks: Pick<GatewayClientOptions, 'onError'> & { onCost?: UpstreamUsageHook } = {},
  /** The local server's base URL now (Settings may change it while the app runs). */
  localApiUrl: () => string = () => config.localApiUrl,
): Upstreams {
  const throttle = new FreeModelThrottle(db, config.freeModelsPerMinute !== undefined ? { limits: { perMinute: config.freeModelsPerMinute } } : {});
  // Pooled node:http connections: the hop in front of every /api call stays cheap (bench `routes`).
  const pool = createKeepAliveFetch();
  const { fetch } = pool;
  // One client per local base URL in use: a URL changed in Settings takes effect at the next request.
  let local: GatewayClient | undefined;
  const localClient = (): GatewayClient => {
    const baseUrl = localApiUrl().replace(/\/+$/, '');
    if (local?.baseUrl !== baseUrl) {
      local = createGatewayClient({
        baseUrl,
        fetch,
        streamIdleTimeoutMs: config.streamIdleTimeoutMs,
        // A model on the learner's machine costs nothing: only its tokens go to the usage log.
        onCost: (_cost, model, usage, tag) => hooks.onCost?.('local', 0, model, usage, tag),
      });
    }
    return local;
  };
  const clients: Record<Exclude<Provider, 'local'>, GatewayClient> = {
    openrouter: createGatewayClient({
      baseUrl: config.openrouterApiUrl,
      fetch,
      throttle,
      headers: { 'HTTP-Referer': 'https://yomimono.app', 'X-Title': 'Yomimono' },
      streamIdleTimeoutMs: config.streamIdleTimeoutMs,
      ...(hooks.onError ? { onError: hooks.onError } : {}),
      onCost: (cost, model, usage, tag) => hooks.onCost?.('openrouter', cost, model, usage, tag),
    }),
    // Only the usage hook: Gemini's failures are none of the gateway credit meter's business.
    gemini: createGatewayClient({
      baseUrl: config.geminiApiUrl,
      fetch,
      streamIdleTimeoutMs: config.streamIdleTimeoutMs,
      onCost: (cost, model, usage, tag) => hooks.onCost?.('gemini', cost, model, usage, tag),
    }),
  };
  return {
    throttle,
    client: (p) => (p === 'local' ? localClient() : clients[p]),
    close: () => pool.close(),
    async key(provider, bearer) {
      // A local server takes no key (an empty one sends no Authorization header).
      if (provider === 'local') return '';
      if (bearer) return bearer;
      const configured = await secrets.resolve(provider === 'gemini' ? 'gemini' : 'openrouter');
      if (!configured) throw missingKeyError();
      return configured;
    },
  };
}
