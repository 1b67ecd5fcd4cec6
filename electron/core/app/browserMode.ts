import type { Config } from '../config/config';
import { hostPolicyError, isLoopbackHost } from '../http/hostPolicy';
import { createHttpServer, listen } from '../http/server';
import { analyticsOrigins } from '../routes/analyticsScript';
import { createApi } from '../routes/api';
import type { Dispatcher } from '../rpc/dispatcher';
import { createCore, type Core } from './createCore';
import { chooseHost, SHARING_REFUSED_LOG } from './sharing';
import { APP_VERSION } from './version';

export type BrowserModeStart =
  | { ok: true; url: string; port: number; core: Core; dispatcher: Dispatcher; stop(): Promise<void> }
  | { ok: false; message: string };

/** Starts the core and its HTTP server; shared by `npm run serve` and tests. */
export async function startBrowserMode(opts: {
  config: Config;
  staticDir?: string;
  log?: (line: string) => void;
  /** Start loading the offline analyzer at once (default true). */
  warmAnalyzer?: boolean;
  core?: Omit<Parameters<typeof createCore>[0], 'config' | 'mode' | 'version'>;
  /**
   * `HOST` as given in the environment (`npm run serve`); when absent the
   * `sharing` setting chooses the address. Without this option `config.host` is used as is.
   */
  envHost?: string | undefined;
}): Promise<BrowserModeStart> {
  const fromSettings = 'envHost' in opts && !opts.envHost?.trim();
  const preset = fromSettings ? undefined : opts.envHost ?? opts.config.host;
  if (preset !== undefined) {
    const refusal = hostPolicyError(preset, opts.config.code);
    if (refusal) return { ok: false, message: refusal };
  }

  const { core, dispatcher } = createCore({ config: opts.config, mode: 'browser', version: APP_VERSION, ...opts.core });
  // The model catalogs refresh in the background (then daily); nothing waits on them.
  core.catalog.start();
  for (const n of core.notices) opts.log?.(`database was unreadable and has been replaced; the old file is kept at ${n.movedTo}`);
  core.sharing = chooseHost({ envHost: preset, sharing: core.settings.get().sharing, code: opts.config.code });
  if (core.sharing.refused) opts.log?.(SHARING_REFUSED_LOG);
  const config = { ...opts.config, host: core.sharing.host };
  const api = createApi(core);
  const server = createHttpServer({
    dispatcher,
    bus: core.bus,
    api: api.handle,
    auth: api.auth,
    staticDir: opts.staticDir,
    loopbackOnly: isLoopbackHost(config.host),
    extraScriptOrigins: analyticsOrigins(config.analyticsScriptSrc, config.analyticsWebsiteId),
    uploads: { dictionary: (upload) => core.dictionary.importUpload(upload, upload.signal) },
  });
  let running;
  try {
    running = await listen(server, config.host, config.port);
  } catch (e) {
    await core.close();
    const code = (e as { code?: string }).code;
    const message =
      code === 'EADDRINUSE'
        ? `port ${config.port} is already in use; set PORT to another port or PORT=0 for a free one`
        : `cannot listen on ${config.host}:${config.port}: ${e instanceof Error ? e.message : String(e)}`;
    return { ok: false, message };
  }
  opts.log?.(`listening on ${running.url}`);
  // Load the analyzer's dictionary now, off the request path, so the first analysis is quick.
  if (opts.warmAnalyzer !== false) void core.analyzer.ready().catch(() => undefined);
  return {
    ok: true,
    url: running.url,
    port: running.port,
    core,
    dispatcher,
    async stop() {
      await running.close();
      await api.close();
      await core.close();
    },
  };
}
