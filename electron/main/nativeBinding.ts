import fs from 'node:fs';
import path from 'node:path';

/**
 * better-sqlite3 is not N-API: the copy in node_modules is built for Node (tests,
 * browser mode). Electron loads a second build kept beside it, made by
 * `npm start` (electron/cli/electronNative.mjs). A packaged app has its own
 * Electron build in place and needs no override.
 */
export function electronSqliteBinding(appPath: string, electronVersion: string, isPackaged: boolean): string | undefined {
  if (isPackaged) return undefined;
  const fromEnv = process.env.YOMIMONO_SQLITE_BINDING;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  const candidate = path.join(appPath, 'node_modules', '.yomimono-electron', `electron-${electronVersion}`, 'better_sqlite3.node');
  return fs.existsSync(candidate) ? candidate : undefined;
}
