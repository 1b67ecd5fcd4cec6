import { AppError } from '../../../shared/result';
import { isValidSecretValue, SECRET_NAMES, SECRET_VALUE_RULE, type SecretName, type SecretsStatus } from '../../../shared/secrets';
import { randomBytes } from 'node:crypto';
import { redactSecrets } from '../net/transportError';
import { logToConsole } from '../rpc/internalErrors';
import { InsecureOnlyError, type SecretBackend } from './backend';

export interface SecretsServiceOptions {
  /** Tried in order; the first whose probe passes is used. */
  backends: SecretBackend[];
  /** Values from the environment: they win over stored ones. */
  env: Partial<Record<SecretName, string>>;
  /** Where the system's reasons for "no keychain" go, under an error id (main's console by default): never to the UI. */
  log?: (line: string, detail: string) => void;
}

const hint = (v: string) => v.slice(-4);

/**
 * The one place keys are read and written. Values stay in the main process:
 * the renderer only ever sees `SecretsStatus` (set or not, last four characters).
 */
export class SecretsService {
  private selected: Promise<{ backend: SecretBackend | null; unavailable?: NonNullable<SecretsStatus['unavailable']> }> | undefined;
  private readonly cache = new Map<SecretName, string | null>();
  private readonly changeListeners = new Set<(name: SecretName | null) => void>();

  constructor(private readonly opts: SecretsServiceOptions) {}

  /** Told when a stored key is set or cleared (`null`: the backend was re-selected, any key may differ). */
  onChange(listener: (name: SecretName | null) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(name: SecretName | null): void {
    for (const l of [...this.changeListeners]) {
      try {
        l(name);
      } catch {
        // A listener's failure must not undo a saved key.
      }
    }
  }

  private select() {
    this.selected ??= (async () => {
      const reasons: string[] = [];
      let insecureFallback = false;
      for (const b of this.opts.backends) {
        try {
          await b.probe();
          return { backend: b };
        } catch (e) {
          if (e instanceof InsecureOnlyError) insecureFallback = true;
          reasons.push(`${b.label}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      // The system's words ("Cannot autolaunch D-Bus without X11 $DISPLAY") are for the log, not the learner.
      const errorId = randomBytes(4).toString('hex');
      (this.opts.log ?? logToConsole)(`[secrets] no keychain available (error id ${errorId}):`, redactSecrets(reasons.join('; ') || 'no secret storage is configured'));
      return { backend: null, unavailable: { insecureFallback, errorId } };
    })();
    return this.selected;
  }

  /** Forget the chosen backend (e.g. after the user allowed insecure storage). */
  reselect(): void {
    this.selected = undefined;
    this.cache.clear();
    this.changed(null);
  }

  private async stored(name: SecretName): Promise<string | null> {
    if (this.cache.has(name)) return this.cache.get(name) ?? null;
    const { backend } = await this.select();
    let value: string | null = null;
    if (backend) {
      try {
        value = await backend.get(name);
      } catch {
        // An unreachable keychain reads as "no key"; status() tells the user why.
        return null;
      }
    }
    this.cache.set(name, value);
    return value;
  }

  /** The key the core should use: environment first, then the store. */
  async resolve(name: SecretName): Promise<string | undefined> {
    return this.opts.env[name] ?? (await this.stored(name)) ?? undefined;
  }

  async status(): Promise<SecretsStatus> {
    const { backend, unavailable } = await this.select();
    const keys = {} as SecretsStatus['keys'];
    for (const name of SECRET_NAMES) {
      const env = this.opts.env[name];
      const stored = env ? null : await this.stored(name);
      const value = env ?? stored;
      keys[name] = { set: !!value, source: env ? 'env' : stored ? 'store' : null, hint: value ? hint(value) : null };
    }
    return {
      backend: backend?.kind ?? 'none',
      backendLabel: backend?.label ?? 'none',
      ...(unavailable ? { unavailable } : {}),
      keys,
    };
  }

  private async requireBackend(): Promise<SecretBackend> {
    const { backend, unavailable } = await this.select();
    if (!backend) {
      throw new AppError({
        code: 'keychain_unavailable',
        message: `No keychain is available to store keys here (error id ${unavailable?.errorId}). Set the key through the environment instead.`,
        status: 503,
        details: { ...unavailable },
      });
    }
    return backend;
  }

  async set(name: SecretName, value: string): Promise<SecretsStatus> {
    // Checked here too (not only at the IPC/HTTP edge): no caller may store a key that breaks a header.
    if (!isValidSecretValue(value)) throw new AppError({ code: 'bad_request', message: `The key was not saved: ${SECRET_VALUE_RULE}.`, status: 400 });
    const backend = await this.requireBackend();
    await backend.set(name, value);
    this.cache.set(name, value);
    this.changed(name);
    return this.status();
  }

  async clear(name: SecretName): Promise<SecretsStatus> {
    const backend = await this.requireBackend();
    await backend.delete(name);
    this.cache.set(name, null);
    this.changed(name);
    return this.status();
  }
}
