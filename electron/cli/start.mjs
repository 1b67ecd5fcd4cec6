#!/usr/bin/env node
/** `npm start`: fetch Electron if missing, make sure native modules exist for it, build, launch the desktop app. */
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary, installElectron } from './electronInstaller.mjs';
import { ensureElectronSqlite } from './electronNative.mjs';
import { startFlow } from './startFlow.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

const code = await startFlow({
  findBinary: findElectronBinary,
  installElectron: () => installElectron(root),
  ensureSqlite: () => ensureElectronSqlite(root, require('electron/package.json').version),
  build: () => spawnSync(path.join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, stdio: 'inherit' }).status ?? 1,
  launch: (bin, binding) =>
    new Promise((resolve) => {
      const child = spawn(bin, [root, ...process.argv.slice(2)], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, YOMIMONO_SQLITE_BINDING: binding },
      });
      child.on('exit', (c, signal) => resolve(signal ? 1 : (c ?? 0)));
      for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
    }),
  log: (line) => console.log(line),
  error: (text) => console.error(text),
});
process.exit(code);
