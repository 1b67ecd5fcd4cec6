import type { SecretBackendKind } from '../../../shared/secrets';

/** Where secrets are kept. Implementations never log or return values except through `get`. */
export interface SecretBackend {
  readonly kind: Exclude<SecretBackendKind, 'none'>;
  readonly label: string;
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  /** Resolves when the backend works here; rejects with the reason otherwise. */
  probe(): Promise<void>;
}

/** A probe's refusal that the learner can lift: only the insecure fallback store is available, and it is not allowed yet. */
export class InsecureOnlyError extends Error {
  readonly insecureOnly = true;
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
