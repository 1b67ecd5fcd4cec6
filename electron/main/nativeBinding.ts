import fs from 'node:fs';
import path from 'node:path';

/**
 * better-sqlite3 is not N-API: the copy in node_modules is built for Node (tests,
 * browser mode). Electron loads a second build kept beside it, made by
 * `npm start` (electron/cli/electronNative.mjs). A packaged app has its own
 * Electron build in place and takes no override (`fromEnv` is YOMIMONO_SQLITE_BINDING, development only).
 */
export function electronSqliteBinding(appPath: string, electronVersion: string, isPackaged: boolean, fromEnv?: string): string | undefined {
  if (isPackaged) return undefined;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  const candidate = path.join(appPath, 'node_modules', '.yomimono-electron', `electron-${electronVersion}`, 'better_sqlite3.node');
  return fs.existsSync(candidate) ? candidate : undefined;
}
