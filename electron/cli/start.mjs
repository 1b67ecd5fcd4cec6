#!/usr/bin/env node
/** `npm start`: build, make sure native modules exist for Electron, launch the desktop app. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureElectronSqlite } from './electronNative.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const bin = require('electron'); // the path of the binary, once installed
    return typeof bin === 'string' && fs.existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

const bin = electronBinary();
if (!bin) {
  console.error(`The Electron binary is not installed, so the desktop app cannot start here.

  • Install it (needs network access):   node node_modules/electron/install.js
    then run \`npm start\` again.
  • Or use browser mode, the same app in your browser:   npm run serve
`);
  process.exit(1);
}

const electronVersion = require('electron/package.json').version;
let binding;
try {
  binding = ensureElectronSqlite(root, electronVersion);
} catch (e) {
  console.error(`yomimono: ${e.message}\nBrowser mode works without it: npm run serve`);
  process.exit(1);
}

const build = spawnSync(path.join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const child = spawn(bin, [root, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, YOMIMONO_SQLITE_BINDING: binding },
});
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
