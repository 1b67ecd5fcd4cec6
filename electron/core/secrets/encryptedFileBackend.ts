import fs from 'node:fs';
import path from 'node:path';
import type { SecretBackend } from './backend';

/** What main injects from Electron's safeStorage (core never imports electron). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: `basic_text` means no real encryption. */
  getSelectedStorageBackend?(): string;
}

export const INSECURE_LINUX_BACKEND = 'basic_text';

/**
 * Secrets encrypted with safeStorage, kept in a file of their own in the app data
 * dir (never in SQLite). Used where keytar or the Secret Service is missing.
 */
export function createEncryptedFileBackend(
  safe: SafeStorageLike,
  dir: string,
  opts: { allowInsecure: () => boolean },
): SecretBackend {
  const file = path.join(dir, 'secrets.bin.json');
  const read = (): Record<string, string> => {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  const write = (data: Record<string, string>) => {
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
    fs.renameSync(tmp, file);
  };
  const backendName = safe.getSelectedStorageBackend?.();
  return {
    kind: 'safeStorage',
    label: backendName ? `Electron safeStorage (${backendName})` : 'Electron safeStorage',
    async probe() {
      if (!safe.isEncryptionAvailable()) throw new Error('safeStorage encryption is not available');
      if (backendName === INSECURE_LINUX_BACKEND && !opts.allowInsecure()) {
        throw new Error('only the insecure basic_text storage is available; allow it in Settings to use it');
      }
    },
    async get(account) {
      const enc = read()[account];
      return enc === undefined ? null : safe.decryptString(Buffer.from(enc, 'base64'));
    },
    async set(account, value) {
      const data = read();
      data[account] = safe.encryptString(value).toString('base64');
      write(data);
    },
    async delete(account) {
      const data = read();
      if (!(account in data)) return false;
      delete data[account];
      write(data);
      return true;
    },
  };
}
