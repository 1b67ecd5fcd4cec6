import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LOCAL_API_URL } from '../../../shared/catalog';
import { isValidSecretValue, SECRET_VALUE_RULE } from '../../../shared/secrets';

/** Everything the core needs from the outside world, read once from the environment (the variables are listed in README.md, Configuration). */
export interface Config {
  host: string;
  port: number;
  appDataDir: string;
  openrouterApiUrl: string;
  openrouterApiKey?: string;
  openrouterManagementKey?: string;
  geminiApiUrl: string;
  geminiNativeApiUrl: string;
  geminiApiKey?: string;
  /** The local OpenAI-compatible server (provider `local`); Settings' `localApiUrl` wins when set. */
  localApiUrl: string;
  edgeTtsUrl: string;
  code?: string;
  sessionSecret?: string;
  upstreamTimeoutMs: number;
  streamIdleTimeoutMs: number;
  analyticsScriptSrc?: string;
  analyticsWebsiteId?: string;
  /** Service name used in the OS keychain; tests use their own. */
  keychainService: string;
  /** Path of an alternative better-sqlite3 binary (the Electron-ABI build). */
  sqliteNativeBinding?: string;
  /** Where the decompressed analyzer dictionary is kept (default: APP_DATA_DIR/cache/analyzer); tests share one. */
  analyzerCacheDir?: string;
  /** The build's decompressed dictionary (out/analyzer, or the packaged resource); set by the entry point, not the environment. */
  analyzerPrebuiltDir?: string;
  /** The shipped data sets (resources/data: Kanjium accents, JLPT list); set by the entry point, not the environment. */
  builtinDataDir?: string;
  /** AnkiConnect's address (Anki export); tests point it at a fake. */
  ankiConnectUrl: string;
  /** Client-side `:free` requests per minute (default 20, the gateway's own limit); tests set a tiny one. */
  freeModelsPerMinute?: number;
  /** Where the offline dictionary is downloaded from (EDRDG; tests point it at a fake). */
  dictionaryUrl: string;
}

export const EDGE_TTS_DEFAULT_URL =
  'wss://speech.platform.bing.com/consumer/speech/synthesize/readaloud/edge/v1';

export function defaultAppDataDir(platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Yomimono');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Yomimono');
  return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'yomimono');
}

function nonEmpty(v: string | undefined): string | undefined {
  return v !== undefined && v.trim() !== '' ? v.trim() : undefined;
}

function positiveInt(v: string | undefined, fallback: number, name: string): number {
  if (nonEmpty(v) === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${v}"`);
  return n;
}

/** A whole number of at least 1, or undefined when unset. */
function optionalCount(v: string | undefined, name: string): number | undefined {
  if (nonEmpty(v) === undefined) return undefined;
  const n = positiveInt(v, 0, name);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${v}"`);
  return n;
}

/** The shortest SESSION_SECRET accepted: the size of the SHA-256 key it becomes. */
export const SESSION_SECRET_MIN_BYTES = 32;

/** Why a configured SESSION_SECRET is refused, or undefined when it is long enough. */
export function sessionSecretProblem(secret: string): string | undefined {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes >= SESSION_SECRET_MIN_BYTES) return undefined;
  return `SESSION_SECRET is too short (${bytes} bytes): use at least ${SESSION_SECRET_MIN_BYTES} random bytes, e.g. the output of \`openssl rand -hex 32\`, or leave it unset to have one generated.`;
}

/** Refused at start when too short to be a real HMAC key (a clear error, not a weak cookie). */
function sessionSecret(v: string | undefined): string | undefined {
  const secret = nonEmpty(v);
  const problem = secret === undefined ? undefined : sessionSecretProblem(secret);
  if (problem) throw new Error(problem);
  return secret;
}

/** A key from the environment: refused at start-up when it could not travel in a header (the value is never printed). */
function secretFromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = nonEmpty(env[name]);
  if (v !== undefined && !isValidSecretValue(v)) throw new Error(`${name} is not a usable key: ${SECRET_VALUE_RULE}.`);
  return v;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: { appDataDir?: string } = {}): Config {
  return {
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    port: positiveInt(env.PORT, 8723, 'PORT'),
    appDataDir: nonEmpty(env.APP_DATA_DIR) ?? defaults.appDataDir ?? defaultAppDataDir(),
    openrouterApiUrl: stripSlash(nonEmpty(env.OPENROUTER_API_URL) ?? 'https://openrouter.ai/api/v1'),
    openrouterApiKey: secretFromEnv(env, 'OPENROUTER_API_KEY'),
    openrouterManagementKey: secretFromEnv(env, 'OPENROUTER_MANAGEMENT_KEY'),
    geminiApiUrl: stripSlash(nonEmpty(env.GEMINI_API_URL) ?? 'https://generativelanguage.googleapis.com/v1beta/openai'),
    geminiNativeApiUrl: stripSlash(nonEmpty(env.GEMINI_NATIVE_API_URL) ?? 'https://generativelanguage.googleapis.com/v1beta'),
    geminiApiKey: secretFromEnv(env, 'GEMINI_API_KEY'),
    localApiUrl: stripSlash(nonEmpty(env.LOCAL_API_URL) ?? DEFAULT_LOCAL_API_URL),
    edgeTtsUrl: nonEmpty(env.EDGE_TTS_URL) ?? EDGE_TTS_DEFAULT_URL,
    code: nonEmpty(env.CODE),
    sessionSecret: sessionSecret(env.SESSION_SECRET),
    upstreamTimeoutMs: positiveInt(env.UPSTREAM_TIMEOUT_MS, 60_000, 'UPSTREAM_TIMEOUT_MS'),
    streamIdleTimeoutMs: positiveInt(env.STREAM_IDLE_TIMEOUT_MS, 90_000, 'STREAM_IDLE_TIMEOUT_MS'),
    analyticsScriptSrc: nonEmpty(env.ANALYTICS_SCRIPT_SRC),
    analyticsWebsiteId: nonEmpty(env.ANALYTICS_WEBSITE_ID),
    keychainService: nonEmpty(env.YOMIMONO_KEYCHAIN_SERVICE) ?? 'Yomimono',
    sqliteNativeBinding: nonEmpty(env.YOMIMONO_SQLITE_BINDING),
    analyzerCacheDir: nonEmpty(env.YOMIMONO_ANALYZER_CACHE_DIR),
    ankiConnectUrl: stripSlash(nonEmpty(env.ANKICONNECT_URL) ?? 'http://127.0.0.1:8765'),
    freeModelsPerMinute: optionalCount(env.YOMIMONO_FREE_MODELS_PER_MINUTE, 'YOMIMONO_FREE_MODELS_PER_MINUTE'),
    dictionaryUrl: stripSlash(nonEmpty(env.YOMIMONO_DICTIONARY_URL) ?? 'http://ftp.edrdg.org/pub/Nihongo'),
  };
}
