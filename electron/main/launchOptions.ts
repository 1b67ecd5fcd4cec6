/**
 * Development overrides taken from the environment. A packaged app ignores
 * them: its page and its native SQLite build are inside the package, and an
 * environment variable must not point a signed app at another page or binary.
 */
export interface LaunchOptions {
  /** The page the window loads. */
  rendererUrl: string;
  /** An Electron-ABI better-sqlite3 build named by YOMIMONO_SQLITE_BINDING (development only). */
  sqliteBinding?: string;
}

export function launchOptions(env: NodeJS.ProcessEnv, isPackaged: boolean, builtRendererUrl: string): LaunchOptions {
  if (isPackaged) return { rendererUrl: builtRendererUrl };
  const devUrl = env.ELECTRON_RENDERER_URL?.trim();
  const binding = env.YOMIMONO_SQLITE_BINDING?.trim();
  return { rendererUrl: devUrl || builtRendererUrl, ...(binding ? { sqliteBinding: binding } : {}) };
}
