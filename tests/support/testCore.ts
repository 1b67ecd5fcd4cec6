import { loadConfig, type Config } from '../../electron/core/config/config';
import { createCore, type Core, type CoreOptions } from '../../electron/core/app/createCore';
import type { Dispatcher } from '../../electron/core/rpc/dispatcher';
import type { SecretBackend } from '../../electron/core/secrets/backend';
import { makeTempDir } from './tempDir';

/** An in-memory secret backend for tests that are not about the keychain itself. */
export function memoryBackend(): SecretBackend & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    kind: 'keychain',
    label: 'memory',
    values,
    probe: async () => {},
    get: async (a) => values.get(a) ?? null,
    set: async (a, v) => void values.set(a, v),
    delete: async (a) => values.delete(a),
  };
}

/** A core with its dispatcher at hand, as the tests reach it (the app keeps the two apart). */
export type TestCore = Core & { dispatcher: Dispatcher };

export function withDispatcher(built: { core: Core; dispatcher: Dispatcher }): TestCore {
  return Object.assign(built.core, { dispatcher: built.dispatcher });
}

/** A real core on a real SQLite file in a temp dir. */
export function makeTestCore(env: NodeJS.ProcessEnv = {}, opts: Partial<CoreOptions> = {}): TestCore & { cleanupDir(): void; config: Config } {
  const tmp = makeTempDir();
  const config = loadConfig({ APP_DATA_DIR: tmp.dir, ...env });
  const core = withDispatcher(createCore({ config, mode: 'browser', version: '0.0.0-test', secretBackends: [memoryBackend()], ...opts }));
  return Object.assign(core, {
    cleanupDir() {
      void core.close();
      tmp.cleanup();
    },
  });
}
