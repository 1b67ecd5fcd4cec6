import { loadConfig } from '../../electron/core/config/config';
import { startBrowserMode } from '../../electron/core/app/browserMode';
import { makeTempDir } from './tempDir';
import { memoryBackend, withDispatcher } from './testCore';

/** A real browser-mode server on 127.0.0.1 with a random port and a temp data dir. */
export async function startTestServer(env: NodeJS.ProcessEnv = {}, opts: { staticDir?: string } = {}) {
  const tmp = makeTempDir();
  const config = loadConfig({ APP_DATA_DIR: tmp.dir, PORT: '0', ...env });
  const started = await startBrowserMode({ config, staticDir: opts.staticDir, warmAnalyzer: false, core: { secretBackends: [memoryBackend()] } });
  if (!started.ok) throw new Error(started.message);
  return {
    ...started,
    core: withDispatcher(started),
    dataDir: tmp.dir,
    async close() {
      await started.stop();
      tmp.cleanup();
    },
  };
}
