export const SECRET_NAMES = ['openrouter', 'gemini', 'openrouterManagement'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export type SecretBackendKind = 'keychain' | 'safeStorage' | 'none';

export interface SecretKeyStatus {
  set: boolean;
  /** Where the active value comes from: environment variables win over the store. */
  source: 'env' | 'store' | null;
  /** Last four characters, for "set, ends with …abcd". Never the key. */
  hint: string | null;
}

export interface SecretsStatus {
  backend: SecretBackendKind;
  /** Human-readable name of the backend, e.g. "Secret Service (libsecret)". */
  backendLabel: string;
  /** Why no backend is available, when `backend` is `none`. */
  unavailableReason?: string;
  keys: Record<SecretName, SecretKeyStatus>;
}
