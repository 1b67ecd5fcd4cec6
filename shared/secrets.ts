export const SECRET_NAMES = ['openrouter', 'gemini', 'openrouterManagement'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/**
 * Keys travel in an HTTP header: printable ASCII without spaces. CR, LF, NUL or
 * any other character would make the header invalid, and the transport's error
 * would then quote the whole value.
 */
export const SECRET_VALUE_PATTERN = /^[\x21-\x7e]+$/;
export const SECRET_VALUE_RULE = 'a key may contain only printable ASCII characters, without spaces or line breaks';
export const isValidSecretValue = (v: string): boolean => SECRET_VALUE_PATTERN.test(v);

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
  /**
   * When `backend` is `none`: no keychain here. `insecureFallback`: the desktop's fallback store
   * (Electron safeStorage's `basic_text` on Linux) would work once allowed in Settings. The system's
   * own reason never reaches the UI: it is in the log under `errorId`.
   */
  unavailable?: { insecureFallback: boolean; errorId: string };
  keys: Record<SecretName, SecretKeyStatus>;
}
