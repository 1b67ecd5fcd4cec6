import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../shared/result';
import { InsecureOnlyError, type SecretBackend } from './backend';

/** What main injects from Electron's safeStorage (core never imports electron). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: `basic_text` means no real encryption. */
  getSelectedStorageBackend?(): string;
}

export const INSECURE_LINUX_BACKEND = 'basic_text';

function unreadable(file: string, why: unknown): AppError {
  return new AppError({
    code: 'storage_error',
    message: `The saved keys file ${file} cannot be read (${typeof why === 'string' ? why : 'read error'}). Nothing was saved, so the keys it holds are not lost: move the file away to start over, or set the key through the environment.`,
    status: 500,
  });
}

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
  /**
   * Only a missing file is "no keys". A file that cannot be read or parsed is
   * refused, so the next save cannot silently replace the keys it still holds.
   */
  const read = (): Record<string, string> => {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as { code?: unknown }).code === 'ENOENT') return {};
      throw unreadable(file, (e as { code?: unknown }).code);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw unreadable(file, 'not JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
      throw unreadable(file, 'unexpected content');
    }
    return parsed as Record<string, string>;
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
        throw new InsecureOnlyError('only the insecure basic_text storage is available; allow it in Settings to use it');
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
