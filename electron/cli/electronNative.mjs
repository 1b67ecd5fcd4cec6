/**
 * Keeps an Electron-ABI build of better-sqlite3 beside the Node one, so `npm test`
 * (Node) and `npm start` (Electron) both work in any order without a rebuild.
 * The Electron build lives in node_modules/.yomimono-electron/electron-<version>/
 * and main loads it through better-sqlite3's `nativeBinding` option.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function electronBindingPath(root, electronVersion) {
  return path.join(root, 'node_modules', '.yomimono-electron', `electron-${electronVersion}`, 'better_sqlite3.node');
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, npm_config_runtime: 'electron' } });
  return r.status === 0;
}

/** Returns the binding path, building it first when missing. Throws with a readable reason on failure. */
export function ensureElectronSqlite(root, electronVersion) {
  const target = electronBindingPath(root, electronVersion);
  if (fs.existsSync(target)) return target;
  console.log(`> building better-sqlite3 for Electron ${electronVersion} (one time)`);
  const src = path.join(root, 'node_modules', 'better-sqlite3');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yomimono-sqlite-electron-'));
  const copy = path.join(work, 'better-sqlite3');
  fs.cpSync(src, copy, { recursive: true, filter: (p) => !p.includes(`${path.sep}build${path.sep}`) });
  const prebuild = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'prebuild-install.cmd' : 'prebuild-install');
  const gyp = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const ok =
    (fs.existsSync(prebuild) && run(prebuild, ['--runtime', 'electron', '--target', electronVersion, '--arch', process.arch], copy)) ||
    run(process.execPath, [fs.existsSync(gyp) ? gyp : 'node-gyp', 'rebuild', '--release', `--target=${electronVersion}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'], copy);
  const built = path.join(copy, 'build', 'Release', 'better_sqlite3.node');
  if (!ok || !fs.existsSync(built)) {
    fs.rmSync(work, { recursive: true, force: true });
    throw new Error('could not build better-sqlite3 for Electron (needs network access to Electron headers or prebuilt binaries, and a C++ toolchain)');
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(built, target);
  fs.rmSync(work, { recursive: true, force: true });
  return target;
}
