import type { appMethods } from '../../../../shared/contract/app';
import { schemaVersion } from '../../store/migrator';
import type { HandlersFor } from '../../rpc/handlers';
import type { CoreServices } from '../coreServices';

/** App info, settings, keys and the diagnostic stream. */
export function appHandlers(core: Pick<CoreServices, 'version' | 'mode' | 'config' | 'db' | 'sharing' | 'settings' | 'secrets'>): HandlersFor<typeof appMethods> {
  return {
    'app.info': () => ({
      name: 'Yomimono',
      version: core.version,
      mode: core.mode,
      platform: process.platform,
      dataDir: core.config.appDataDir,
      schemaVersion: schemaVersion(core.db),
      ...(core.sharing ? { sharing: core.sharing } : {}),
    }),
    'settings.get': () => core.settings.get(),
    'settings.set': (_ctx, patch) => core.settings.set(patch),
    'secrets.status': () => core.secrets.status(),
    'secrets.set': (_ctx, name, value) => core.secrets.set(name, value),
    'secrets.clear': (_ctx, name) => core.secrets.clear(name),
    'dev.count': async function* (ctx, { to, intervalMs }) {
      for (let i = 1; i <= to; i++) {
        if (intervalMs > 0) await sleep(intervalMs, ctx.signal);
        yield i;
      }
      return { count: to };
    },
  };
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('aborted', 'AbortError'));
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
