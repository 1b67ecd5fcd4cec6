import { createRequire } from 'node:module';
import type { SecretBackend } from './backend';
import { withTimeout } from './backend';

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

function platformLabel(): string {
  if (process.platform === 'darwin') return 'macOS Keychain';
  if (process.platform === 'win32') return 'Windows Credential Vault';
  return 'Secret Service (libsecret)';
}

/**
 * The OS keychain through keytar. Loaded lazily so a missing native module or
 * Secret Service only disables this backend instead of crashing the app.
 * Calls are bounded in time: a locked keyring can otherwise wait forever on an
 * unlock prompt that nobody will see.
 */
export function createKeytarBackend(service: string, timeoutMs = 5_000): SecretBackend {
  let keytar: Keytar | undefined;
  const load = (): Keytar => {
    keytar ??= createRequire(import.meta.url)('keytar') as Keytar;
    return keytar;
  };
  const run = <T>(what: string, f: (k: Keytar) => Promise<T>): Promise<T> =>
    withTimeout(Promise.resolve().then(() => f(load())), timeoutMs, `keychain ${what}`);

  return {
    kind: 'keychain',
    label: platformLabel(),
    get: (account) => run('read', (k) => k.getPassword(service, account)),
    set: (account, value) => run('write', (k) => k.setPassword(service, account, value)),
    delete: (account) => run('delete', (k) => k.deletePassword(service, account)),
    probe: async () => {
      await run('probe', (k) => k.findCredentials(service));
    },
  };
}
